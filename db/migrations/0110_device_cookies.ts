import type { Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Device cookies (issue 29, ADR 0017): a browser that has signed in to an
 * account carries a signed cookie naming the account and a random token; the
 * token is stored only as its SHA-256, one row per browser, replaced at each
 * sign-in and deleted with the account's sessions (or the account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("admin_device_cookies"))
    .addColumn("operator_id", "integer", (c) => c.notNull().references("admin_operators.id").onDelete("cascade"))
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_device_cookies_operator").on("admin_device_cookies").column("operator_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_device_cookies").ifExists().execute();
}
