import type { Kysely } from "kysely";

/**
 * Which agent has a lead (issue 26, item 3; ADR 0028): the consultation's
 * assigned operator, null while no one has claimed it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("consultation_answers").addColumn("assigned_operator_id", "integer").execute();
  await db.schema
    .createIndex("consultation_answers_assigned_idx")
    .on("consultation_answers")
    .columns(["assigned_operator_id", "next_call_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("consultation_answers_assigned_idx").execute();
  await db.schema.alterTable("consultation_answers").dropColumn("assigned_operator_id").execute();
}
