import type { Kysely } from "kysely";
import { isPostgres } from "#db/migrations/dialect-types.ts";

/**
 * Authenticator secrets are stored sealed under APP_SECRET (issue 29, ADR 0022):
 * `sealed:` and the base64url of version, IV, ciphertext and tag, about 90
 * characters where a clear base32 secret took 32. PostgreSQL enforces the
 * column's length; SQLite does not. The clear values are sealed by the server
 * at start (it has APP_SECRET; a migration has not): totp-at-rest.server.ts.
 */
const COLUMNS = ["totp_secret", "totp_pending_secret"];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const column of COLUMNS)
    await db.schema
      .alterTable("admin_operators")
      .alterColumn(column, (c) => c.setDataType("varchar(255)"))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const column of COLUMNS)
    await db.schema
      .alterTable("admin_operators")
      .alterColumn(column, (c) => c.setDataType("varchar(64)"))
      .execute();
}
