import type { Kysely } from "kysely";
import { flagType, timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Call attempts and the next call (issue 26, item 2; ADR 0028).
 *
 * `call_attempts`: every call an agent logs on a consultation (outcome, note,
 * the time the visitor asked to be called back at). `do_not_contact`: phone
 * numbers (digits) whose owner forbade further calls: every schedule for them
 * stops. On `consultation_answers`: the first attempt's time, when the next
 * call is due (and whether the visitor asked for that time, which may lie
 * outside the calling hours), how many attempts went unanswered, and whether
 * an agent keeps the lead open after the last one of the cadence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("call_attempts"))
    .addColumn("request_kind", "varchar(16)", (c) => c.notNull())
    .addColumn("request_id", "integer", (c) => c.notNull())
    .addColumn("operator_id", "integer")
    .addColumn("outcome", "varchar(24)", (c) => c.notNull())
    .addColumn("note", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("callback_at", timeType(db))
    .addColumn("at", timeType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("call_attempts_request_idx").on("call_attempts").columns(["request_kind", "request_id"]).execute();
  await db.schema.createIndex("call_attempts_at_idx").on("call_attempts").column("at").execute();

  await withId(db, db.schema.createTable("do_not_contact"))
    .addColumn("phone", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("operator_id", "integer")
    .addColumn("at", timeType(db), (c) => c.notNull())
    .execute();

  await db.schema.alterTable("consultation_answers").addColumn("first_contact_at", timeType(db)).execute();
  await db.schema.alterTable("consultation_answers").addColumn("next_call_at", timeType(db)).execute();
  await db.schema
    .alterTable("consultation_answers")
    .addColumn("next_call_asked", flagType(db), (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable("consultation_answers")
    .addColumn("unanswered_calls", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("consultation_answers")
    .addColumn("keep_open", flagType(db), (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex("consultation_answers_next_call_idx").on("consultation_answers").column("next_call_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("consultation_answers_next_call_idx").execute();
  for (const column of ["keep_open", "unanswered_calls", "next_call_asked", "next_call_at", "first_contact_at"]) {
    await db.schema.alterTable("consultation_answers").dropColumn(column).execute();
  }
  await db.schema.dropTable("do_not_contact").execute();
  await db.schema.dropTable("call_attempts").execute();
}
