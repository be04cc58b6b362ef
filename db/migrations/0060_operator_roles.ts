import type { Kysely } from "kysely";
import { withId } from "#db/migrations/dialect-types.ts";

/**
 * Operator accounts in the console (issue 16, ADR 0022): a role per operator
 * (every existing operator becomes an administrator), and one-time links that
 * set a password (an invitation, or a reset by an administrator). Only the
 * SHA-256 of a link's token is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // admin | agent
  await db.schema
    .alterTable("admin_operators")
    .addColumn("role", "varchar(16)", (c) => c.notNull().defaultTo("admin"))
    .execute();

  await withId(db, db.schema.createTable("admin_password_links"))
    .addColumn("operator_id", "integer", (c) => c.notNull().references("admin_operators.id").onDelete("cascade"))
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    // invite | reset
    .addColumn("purpose", "varchar(16)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    .addColumn("used_at", "varchar(32)")
    .addColumn("created_by", "integer", (c) => c.references("admin_operators.id").onDelete("set null"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_password_links_operator_idx").on("admin_password_links").column("operator_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_password_links").ifExists().execute();
  await db.schema.alterTable("admin_operators").dropColumn("role").execute();
}
