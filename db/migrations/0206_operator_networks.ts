import type { Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * The networks each operator has signed in from (issue 52, item 5; 고시
 * 제6조①2; ADR 0052): the same prefix the sessions keep (an IPv4 /24,
 * `203.0.113.x`, or an IPv6 /48), never the full address. A sign-in from a
 * prefix not in the list alerts the administrators. Deleted with the operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("admin_operator_networks"))
    .addColumn("operator_id", "integer", (c) => c.notNull().references("admin_operators.id").onDelete("cascade"))
    .addColumn("network", "varchar(64)", (c) => c.notNull())
    .addColumn("first_seen_at", timeType(db), (c) => c.notNull())
    .addColumn("last_seen_at", timeType(db), (c) => c.notNull())
    .addUniqueConstraint("admin_operator_networks_uq", ["operator_id", "network"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_operator_networks").ifExists().execute();
}
