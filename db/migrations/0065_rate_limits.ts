import type { Kysely } from "kysely";

/**
 * Rate limits counted in the database (issue 15, ADR 0025), so that several
 * instances on one PostgreSQL database enforce one limit (SQLite keeps its
 * counters in memory: it serves from one process). One row per bucket,
 * client and window:
 *  - key_hash: HMAC-SHA256 of the client address under the app's secret
 *    (no address is stored);
 *  - window_start: the window's start, epoch milliseconds, aligned to the
 *    window's length so every instance counts in the same row;
 *  - count: the requests counted in it, incremented in one statement.
 * Rows older than the previous window are deleted as the instances go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("bucket", "varchar(64)", (c) => c.notNull())
    .addColumn("key_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limits_pkey", ["bucket", "key_hash", "window_start"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").ifExists().execute();
}
