import type { Kysely } from "kysely";
import { withId } from "#db/migrations/dialect-types.ts";

/**
 * The sign-in throttle per account AND client address (issue 20, ADR 0017):
 * the lock-out of 0010 was keyed by the e-mail alone, so anyone who knew an
 * operator's address could lock its owner out. The counters are rebuilt (they
 * are short-lived; none is worth carrying over):
 *  - admin_login_throttle: failures per (e-mail hash, client hash) and the lock;
 *  - admin_login_accounts: failures per e-mail hash from every address in a
 *    window, and when the next attempt may be checked (the growing delay).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_login_throttle").ifExists().execute();
  await withId(db, db.schema.createTable("admin_login_throttle"))
    // SHA-256 of the normalised e-mail, whether or not an operator has it.
    .addColumn("email_hash", "varchar(64)", (c) => c.notNull())
    // SHA-256 of the client address (no address is stored as such).
    .addColumn("client_hash", "varchar(64)", (c) => c.notNull())
    // Attempts counted since the last success or lock, the one being checked included.
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "varchar(32)")
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addUniqueConstraint("admin_login_throttle_key", ["email_hash", "client_hash"])
    .execute();

  await withId(db, db.schema.createTable("admin_login_accounts"))
    .addColumn("email_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("window_started_at", "varchar(32)", (c) => c.notNull())
    .addColumn("next_attempt_at", "varchar(32)")
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_login_accounts").ifExists().execute();
  await db.schema.dropTable("admin_login_throttle").ifExists().execute();
  await withId(db, db.schema.createTable("admin_login_throttle"))
    .addColumn("email_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "varchar(32)")
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
}
