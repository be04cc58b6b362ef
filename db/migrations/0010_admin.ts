import type { Kysely } from "kysely";
import { withId } from "#db/migrations/dialect-types.ts";

/**
 * The operator console (issue 7): operators, their server-side sessions, the
 * sign-in throttle (consecutive failures per e-mail address) and the audit
 * log of who viewed, changed or exported which record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("admin_operators"))
    .addColumn("email", "varchar(320)", (c) => c.notNull().unique())
    .addColumn("password_hash", "varchar(255)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("last_sign_in_at", "varchar(32)")
    .execute();

  await withId(db, db.schema.createTable("admin_sessions"))
    // SHA-256 of the cookie's token (hex): a stolen database holds no usable session.
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("operator_id", "integer", (c) => c.notNull().references("admin_operators.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("last_seen_at", "varchar(32)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    .execute();

  // Keyed by the SHA-256 of the normalised e-mail, whether or not an operator has it,
  // so that a lock-out says nothing about which addresses exist.
  await withId(db, db.schema.createTable("admin_login_throttle"))
    .addColumn("email_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "varchar(32)")
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("admin_audit_log"))
    .addColumn("operator_id", "integer", (c) => c.references("admin_operators.id").onDelete("set null"))
    // Kept as text so the log still says who it was after an operator is removed.
    .addColumn("operator_email", "varchar(320)", (c) => c.notNull())
    .addColumn("action", "varchar(32)", (c) => c.notNull())
    .addColumn("record_kind", "varchar(32)")
    .addColumn("record_id", "integer")
    .addColumn("detail", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema.createIndex("admin_sessions_operator_idx").on("admin_sessions").column("operator_id").execute();
  await db.schema.createIndex("admin_audit_log_created_idx").on("admin_audit_log").column("created_at").execute();
  await db.schema.createIndex("admin_audit_log_record_idx").on("admin_audit_log").columns(["record_kind", "record_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["admin_audit_log", "admin_login_throttle", "admin_sessions", "admin_operators"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
