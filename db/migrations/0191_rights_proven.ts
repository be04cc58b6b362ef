import type { Kysely } from "kysely";
import { timeType } from "#db/migrations/dialect-types.ts";

/** When the person proved a rights request's number with a one-time code (ADR 0049): a refusal of contact, its lifting, an erasure. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("rights_requests").addColumn("proven_at", timeType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("rights_requests").dropColumn("proven_at").execute();
}
