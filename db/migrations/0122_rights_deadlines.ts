import { sql, type Kysely } from "kysely";
import { timeType } from "#db/migrations/dialect-types.ts";

/**
 * The deadlines our own policies promise (issue 28, point 5): a rights
 * request (now also access and complaint) has the date by which we must
 * answer, and the answer once recorded — when, by whom (the operator's
 * e-mail), how (phone, e-mail, letter, in person) — which closes it. A
 * complaint carries the visitor's message. Requests already stored get
 * their deadline from when they arrived: 10 days for an erasure or a
 * marketing withdrawal (the Personal Information Protection Act's limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("rights_requests").addColumn("message", "text").execute();
  await db.schema.alterTable("rights_requests").addColumn("due_at", timeType(db)).execute();
  await db.schema.alterTable("rights_requests").addColumn("answered_at", timeType(db)).execute();
  await db.schema.alterTable("rights_requests").addColumn("answered_by", "varchar(254)").execute();
  await db.schema.alterTable("rights_requests").addColumn("answer_method", "varchar(16)").execute();
  await db.schema.alterTable("rights_requests").addColumn("answer_note", "text").execute();
  const rows = await db
    .selectFrom("rights_requests" as never)
    .select(["id" as never, "created_at" as never])
    .execute();
  for (const row of rows as { id: number; created_at: string | Date }[]) {
    const due = new Date(new Date(row.created_at).getTime() + 10 * 86_400_000).toISOString();
    await sql`update rights_requests set due_at = ${due} where id = ${row.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["answer_note", "answer_method", "answered_by", "answered_at", "due_at", "message"]) {
    await db.schema.alterTable("rights_requests").dropColumn(column).execute();
  }
}
