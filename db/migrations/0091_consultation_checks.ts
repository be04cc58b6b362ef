import type { Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * The eligibility check sent with a consultation (issue 27, item 5), when
 * the visitor agrees: the check's answers as the server re-read them, and the
 * result the server computed from the products live at that moment (never the
 * browser's). One row per consultation at most; it goes with the request.
 * The visa type and expiry are the request's own answers (questions 2 and 3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("consultation_checks"))
    .addColumn("answer_id", "integer", (c) => c.notNull().unique().references("consultation_answers.id").onDelete("cascade"))
    .addColumn("employed_months", "integer", (c) => c.notNull())
    // standard, self, other
    .addColumn("employment", "varchar(16)", (c) => c.notNull())
    // KRW a year, at most 2,000,000,000 (an integer on both dialects).
    .addColumn("income", "integer", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("months", "integer", (c) => c.notNull())
    .addColumn("fits", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    // JSON [{"key": "savings-bank", "fits": false, "failures": ["stay", "income"]}, …]
    .addColumn("result", "text", (c) => c.notNull())
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("consultation_checks").ifExists().execute();
}
