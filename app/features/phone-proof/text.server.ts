import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { queueText } from "#app/outbox/text.server.ts";

/**
 * The code goes out through the outbox's text channel only (issue 49 items
 * 1–2): kind "code", due at once (codes know no quiet hours), in the
 * visitor's language, sealed in its row like every text.
 */
export function queueCodeText(
  db: Kysely<Database> | Transaction<Database>,
  message: { phone: string; code: string; locale: Locale },
  now: Date,
): Promise<number> {
  return queueText(db, { kind: "code", to: message.phone, locale: message.locale, params: { code: message.code } }, now);
}
