import type { Kysely } from "kysely";
import { withId } from "#db/migrations/dialect-types.ts";

/**
 * Visitors' rights (issue 16, point 4): a person asks to withdraw marketing
 * consent or to have their data erased, giving the phone number they used.
 * The request is kept until an operator acts on it; an erasure deletes it
 * with everything else under that number. A consultation's marketing
 * consent gets the day it was withdrawn.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("rights_requests"))
    // "withdraw_marketing" or "erase".
    .addColumn("request_kind", "varchar(32)", (c) => c.notNull())
    // Digits only, as typed.
    .addColumn("phone", "varchar(32)", (c) => c.notNull())
    .addColumn("submission_id", "varchar(64)", (c) => c.unique())
    .addColumn("lang", "varchar(8)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("new"))
    .addColumn("operator_note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("first_opened_at", "varchar(32)")
    .execute();
  await db.schema.alterTable("consent_records").addColumn("withdrawn_at", "varchar(32)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("consent_records").dropColumn("withdrawn_at").execute();
  await db.schema.dropTable("rights_requests").ifExists().execute();
}
