import type { Kysely } from "kysely";
import { blobType, timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Downloads that cannot leak in clear (issue 52 item 3, ADR 0054).
 *
 * - `download_approvals`: a download over the row cap waits for a second
 *   administrator: what was asked (kind, its parameters as JSON, the rows,
 *   the reason), by whom, and who granted or refused it when. Used once.
 * - `download_files`: the encrypted ZIP between the post that made it and
 *   the operator's one download of it (its token stored as SHA-256, the
 *   file gone after the download or 15 minutes). The password never is
 *   stored: it is shown once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("download_approvals"))
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("rows", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("requested_by", "varchar(254)", (c) => c.notNull())
    .addColumn("status", "varchar(10)", (c) => c.notNull())
    .addColumn("decided_by", "varchar(254)")
    .addColumn("decided_at", timeType(db))
    .addColumn("used_at", timeType(db))
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("download_approvals_status").on("download_approvals").columns(["status", "created_at"]).execute();
  await withId(db, db.schema.createTable("download_files"))
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("operator_email", "varchar(254)", (c) => c.notNull())
    .addColumn("filename", "varchar(200)", (c) => c.notNull())
    .addColumn("data", blobType(db), (c) => c.notNull())
    .addColumn("expires_at", timeType(db), (c) => c.notNull())
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("download_files").execute();
  await db.schema.dropTable("download_approvals").execute();
}
