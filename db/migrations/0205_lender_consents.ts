import type { Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * The person's consent to give their consultation to one lender (issue 52,
 * item 1; 개인정보 보호법 제17조①1·②; ADR 0052). Not a `consent_records` row:
 * those are the form's consents to a dated legal text, given once at
 * sending; this one names a recipient, the items given, the lender's
 * retention, how it was given and by whose hand, and it may be asked first
 * and answered later on the status page.
 *
 * - asked on the site: `asked_at`/`operator_id` set, `answer` null until the
 *   visitor answers on the status page (`method` "web", `lang` the page's);
 * - given by phone or on paper: written answered at once, `reference` the
 *   call's recording or the paper's number, `operator_id` who recorded it.
 *
 * Deleted with the consultation (cascade: retention and erasure alike).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("lender_consents"))
    .addColumn("answer_id", "integer", (c) => c.notNull().references("consultation_answers.id").onDelete("cascade"))
    .addColumn("lender", "varchar(100)", (c) => c.notNull())
    .addColumn("items", "varchar(200)", (c) => c.notNull())
    .addColumn("retention_years", "integer", (c) => c.notNull())
    .addColumn("method", "varchar(8)", (c) => c.notNull())
    .addColumn("reference", "varchar(100)")
    .addColumn("operator_id", "integer")
    .addColumn("asked_at", timeType(db), (c) => c.notNull())
    .addColumn("answer", "varchar(8)")
    .addColumn("answered_at", timeType(db))
    .addColumn("lang", "varchar(8)")
    .execute();
  await db.schema.createIndex("lender_consents_answer_idx").on("lender_consents").column("answer_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lender_consents").ifExists().execute();
}
