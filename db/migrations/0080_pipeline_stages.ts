import { sql, type Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Loan stages with their history (issue 26, item 1; ADR 0028).
 *
 * A consultation now moves new → contacting → consulted → documents →
 * with_lender → approved | declined | closed; proposals, A/S and purchase
 * requests new → in_progress → done | closed. Existing rows keep what they
 * said: `new` stays new, `contacted` becomes contacting (a consultation) or
 * in_progress (the others), `closed` stays closed (its reason was never
 * recorded: left empty). Each row that had moved gets one history row, from
 * new to its stage at its last change, by no known operator.
 *
 * `request_stage_history` holds every move (kind, id, from, to, who, when,
 * and the closed reason, lender, amount and approval day that move
 * recorded): no name, phone or note, so it may outlive the request it counts.
 * A consultation keeps its current lender, approval and closed reason (with
 * the note an "other" reason needs) on its own row.
 */
const APPLICATIONS = ["proposals", "as_requests", "purchase_requests"] as const;
const KINDS = { consultation_answers: "consultation", proposals: "proposal", as_requests: "as", purchase_requests: "purchase" } as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("request_stage_history"))
    .addColumn("request_kind", "varchar(16)", (c) => c.notNull())
    .addColumn("request_id", "integer", (c) => c.notNull())
    .addColumn("from_stage", "varchar(16)")
    .addColumn("to_stage", "varchar(16)", (c) => c.notNull())
    .addColumn("operator_id", "integer")
    .addColumn("at", timeType(db), (c) => c.notNull())
    .addColumn("closed_reason", "varchar(32)")
    .addColumn("lender", "varchar(100)")
    .addColumn("amount", "integer")
    .addColumn("approved_on", "varchar(10)")
    .execute();
  await db.schema
    .createIndex("request_stage_history_request_idx")
    .on("request_stage_history")
    .columns(["request_kind", "request_id"])
    .execute();
  await db.schema.createIndex("request_stage_history_at_idx").on("request_stage_history").column("at").execute();

  await db.schema.alterTable("consultation_answers").addColumn("closed_reason", "varchar(32)").execute();
  await db.schema.alterTable("consultation_answers").addColumn("closed_note", "varchar(500)").execute();
  await db.schema.alterTable("consultation_answers").addColumn("lender", "varchar(100)").execute();
  await db.schema.alterTable("consultation_answers").addColumn("approved_amount", "integer").execute();
  await db.schema.alterTable("consultation_answers").addColumn("approved_on", "varchar(10)").execute();

  await sql`update consultation_answers set status = 'contacting' where status = 'contacted'`.execute(db);
  for (const table of APPLICATIONS) await sql`update ${sql.table(table)} set status = 'in_progress' where status = 'contacted'`.execute(db);
  for (const [table, kind] of Object.entries(KINDS)) {
    await sql`insert into request_stage_history (request_kind, request_id, from_stage, to_stage, at)
      select ${kind}, id, 'new', status, updated_at from ${sql.table(table)} where status <> 'new' order by id`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update consultation_answers set status = case
      when status in ('contacting', 'consulted', 'documents', 'with_lender') then 'contacted'
      when status in ('approved', 'declined') then 'closed'
      else status end`.execute(db);
  for (const table of APPLICATIONS) {
    await sql`update ${sql.table(table)} set status = case
        when status = 'in_progress' then 'contacted'
        when status = 'done' then 'closed'
        else status end`.execute(db);
  }
  for (const column of ["approved_on", "approved_amount", "lender", "closed_note", "closed_reason"]) {
    await db.schema.alterTable("consultation_answers").dropColumn(column).execute();
  }
  await db.schema.dropTable("request_stage_history").execute();
}
