import type { Kysely } from "kysely";
import { flagType, timeType } from "#db/migrations/dialect-types.ts";

/**
 * New consultations given to the agents on duty in turn (issue 26, item 3;
 * ADR 0028): whether an operator is on duty (the switch on My account), and
 * when it was last given a lead in turn — the one given one longest ago
 * (never first) is next.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("admin_operators")
    .addColumn("on_duty", flagType(db), (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable("admin_operators").addColumn("last_assigned_at", timeType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admin_operators").dropColumn("last_assigned_at").execute();
  await db.schema.alterTable("admin_operators").dropColumn("on_duty").execute();
}
