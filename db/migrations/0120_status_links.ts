import type { Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * The private status link of a request (issue 28, ADR 0033): one row per
 * request of any kind. The link's token is never stored: `token_hash` is its
 * SHA-256 (hex), looked up through a unique index; `salt` is 16 random bytes
 * from which, with the app's secret, the same token is made again for a
 * retried submission (the salt alone makes no token). The row holds no
 * personal data and stays after a withdrawal (it then says what was deleted)
 * until `expires_at`, the end of the request's retention.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("request_status_links"))
    // consultation, proposal, as, purchase, rights.
    .addColumn("request_kind", "varchar(16)", (c) => c.notNull())
    .addColumn("request_id", "integer", (c) => c.notNull())
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("salt", "varchar(32)", (c) => c.notNull())
    .addColumn("lang", "varchar(8)", (c) => c.notNull())
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addColumn("expires_at", timeType(db), (c) => c.notNull())
    // The call-back time the visitor chose on the page (null: none).
    .addColumn("callback_at", timeType(db))
    // "I no longer need this": when, and what was erased (JSON counts, no personal data).
    .addColumn("withdrawn_at", timeType(db))
    .addColumn("erased", "varchar(200)")
    .addUniqueConstraint("request_status_links_request", ["request_kind", "request_id"])
    .execute();
  await db.schema.createIndex("request_status_links_expires").on("request_status_links").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("request_status_links").ifExists().execute();
}
