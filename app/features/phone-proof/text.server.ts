import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { queueText, setTextSecret } from "#app/outbox/text.server.ts";

/**
 * The code goes out through the outbox's text channel only (issue 49 items
 * 1–2): kind "code", due at once (codes know no quiet hours), in the
 * visitor's language, sealed in its row like every text.
 *
 * The sealing secret is handed over here too: the production build once had
 * two copies of the outbox module and only the server's knew it (queueText
 * threw "no APP_SECRET" there while the tests, one module graph, passed).
 */
export function queueCodeText(
  db: Kysely<Database> | Transaction<Database>,
  message: { phone: string; code: string; locale: Locale; secret: string },
  now: Date,
): Promise<number> {
  setTextSecret(message.secret);
  return queueText(db, { kind: "code", to: message.phone, locale: message.locale, params: { code: message.code } }, now);
}
