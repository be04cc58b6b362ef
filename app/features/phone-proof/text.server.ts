import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { queueText, setTextSecret } from "#app/outbox/text.server.ts";

/**
 * The code goes out through the outbox's text channel only (issue 49 items
 * 1–2): kind "code", due at once (codes know no quiet hours), in the
 * visitor's language, sealed in its row like every text.
 *
 * The sealing secret is handed over here too: `server/outbox.ts` sets it in
 * the server's copy of the outbox module, but the app's build bundles its
 * own copy, whose secret was never set (queueText threw "no APP_SECRET" in
 * the production build while the tests, one module graph, passed).
 */
export function queueCodeText(
  db: Kysely<Database> | Transaction<Database>,
  message: { phone: string; code: string; locale: Locale; secret: string },
  now: Date,
): Promise<number> {
  setTextSecret(message.secret);
  return queueText(db, { kind: "code", to: message.phone, locale: message.locale, params: { code: message.code } }, now);
}
