import type { Kysely } from "kysely";
import { withId } from "#db/migrations/dialect-types.ts";

/**
 * Two-step sign-in (issue 16, ADR 0022): an operator's authenticator secret
 * (RFC 6238), the secret being set up, the last time-step used (a code works
 * once), ten one-time recovery codes stored as SHA-256, and the console's
 * settings (who must use two-step sign-in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admin_operators").addColumn("totp_secret", "varchar(64)").execute();
  await db.schema.alterTable("admin_operators").addColumn("totp_pending_secret", "varchar(64)").execute();
  await db.schema.alterTable("admin_operators").addColumn("totp_enabled_at", "varchar(32)").execute();
  await db.schema.alterTable("admin_operators").addColumn("totp_last_step", "integer").execute();

  await withId(db, db.schema.createTable("admin_recovery_codes"))
    .addColumn("operator_id", "integer", (c) => c.notNull().references("admin_operators.id").onDelete("cascade"))
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("used_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_recovery_codes_operator_idx").on("admin_recovery_codes").column("operator_id").execute();

  await withId(db, db.schema.createTable("admin_settings"))
    .addColumn("name", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("value", "varchar(200)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_settings").ifExists().execute();
  await db.schema.dropTable("admin_recovery_codes").ifExists().execute();
  for (const column of ["totp_last_step", "totp_enabled_at", "totp_pending_secret", "totp_secret"]) {
    await db.schema.alterTable("admin_operators").dropColumn(column).execute();
  }
}
