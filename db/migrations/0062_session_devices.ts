import type { Kysely } from "kysely";

/**
 * Each operator's sessions (issue 16, ADR 0022): which device (a label made
 * from the user-agent, e.g. "Chrome on Android", not the user-agent itself)
 * and from where (the address's prefix, 203.0.113.x, never the address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admin_sessions").addColumn("device", "varchar(100)").execute();
  await db.schema.alterTable("admin_sessions").addColumn("ip_prefix", "varchar(64)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admin_sessions").dropColumn("ip_prefix").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("device").execute();
}
