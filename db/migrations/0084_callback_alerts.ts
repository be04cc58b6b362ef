import type { Kysely } from "kysely";
import { timeType } from "#db/migrations/dialect-types.ts";

/**
 * A call-back coming due alerts its agent once (issue 26, item 3; ADR 0028):
 * `callback_alert_for` holds the call-back time that was alerted. The one
 * UPDATE that sets it to `next_call_at` is what claims the alert, so two
 * instances ticking at once alert it once, and a new call-back time (a
 * different `next_call_at`) is alerted again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("consultation_answers").addColumn("callback_alert_for", timeType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("consultation_answers").dropColumn("callback_alert_for").execute();
}
