import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Locale } from "#app/i18n/locales.ts";

/**
 * The code goes out through the outbox's text channel only (issue 49 item 1):
 * kind "code", sent at once (codes know no quiet hours).
 */
export async function queueCodeText(_db: Kysely<Database>, _message: { phone: string; code: string; locale: Locale }, _now: Date): Promise<number> {
  throw new Error("the outbox's text channel is not merged yet");
}
