import type { Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Invitation and password-reset links sent by e-mail when SMTP is configured
 * (issue 29, ADR 0022): an outbox, so a mail outage loses nothing. The link
 * is a credential: it is kept sealed under APP_SECRET until sent, then
 * deleted (the row stays as a record that a mail went, without the link).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("password_link_mails"))
    .addColumn("recipient", "varchar(320)", (c) => c.notNull())
    .addColumn("purpose", "varchar(16)", (c) => c.notNull())
    .addColumn("lang", "varchar(8)", (c) => c.notNull())
    .addColumn("sealed_link", "varchar(1000)")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timeType(db), (c) => c.notNull())
    .addColumn("claimed_until", timeType(db))
    .addColumn("sent_at", timeType(db))
    .addColumn("failed_at", timeType(db))
    .addColumn("last_error", "varchar(100)")
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("password_link_mails").ifExists().execute();
}
