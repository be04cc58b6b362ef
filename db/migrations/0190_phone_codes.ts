import type { Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * One-time codes that prove a phone number (issue 49 item 4, issue 48 item 5;
 * ADR 0049). `phone_codes`: one row per code sent (or, for a number we do
 * not know, per code not sent: the row is the same, so the answer is). The
 * number and the client's address are kept only as HMACs under the app's
 * secret (`phone_key`, `ip_key`), the code only as an HMAC bound to its
 * purpose and number (`code_hash`). `tries` counts wrong answers; `used_at`
 * the one right one.
 *
 * `contact_exceptions`: a request from a number that refused contact, whose
 * sender answered on the form that this request may be called (issue 48
 * item 5): the refusal is lifted for that request only, and recorded here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("phone_codes"))
    .addColumn("purpose", "varchar(16)", (c) => c.notNull())
    .addColumn("phone_key", "varchar(64)", (c) => c.notNull())
    .addColumn("ip_key", "varchar(64)", (c) => c.notNull())
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addColumn("expires_at", timeType(db), (c) => c.notNull())
    .addColumn("used_at", timeType(db))
    .execute();
  await db.schema.createIndex("phone_codes_phone_idx").on("phone_codes").columns(["phone_key", "created_at"]).execute();
  await db.schema.createIndex("phone_codes_ip_idx").on("phone_codes").columns(["ip_key", "created_at"]).execute();
  await withId(db, db.schema.createTable("contact_exceptions"))
    .addColumn("request_kind", "varchar(16)", (c) => c.notNull())
    .addColumn("request_id", "integer", (c) => c.notNull())
    .addColumn("at", timeType(db), (c) => c.notNull())
    .addUniqueConstraint("contact_exceptions_request_uq", ["request_kind", "request_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_exceptions").ifExists().execute();
  await db.schema.dropTable("phone_codes").ifExists().execute();
}
