import type { Kysely } from "kysely";
import { up as fromContent } from "#db/migrations/0180_legal_texts_from_facts.ts";

/**
 * The privacy policy names the text provider as a processor while the text
 * channel is on (issue 49 item 7; 개인정보 보호법 제26조): the seeded versions
 * (created_by null, never an operator's) take content/legal as it is now,
 * whose entrustment list carries a `{?texts}` line, shown only when SOLAPI is
 * configured (legalFlags). Versions an operator wrote are not touched: an
 * operator who wrote one adds the line in their next version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await fromContent(db);
}

export async function down(): Promise<void> {
  // The line shows only while the channel is on: nothing to undo.
}
