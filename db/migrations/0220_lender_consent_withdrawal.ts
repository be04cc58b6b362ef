import type { Kysely } from "kysely";
import { timeType } from "#db/migrations/dialect-types.ts";

/**
 * A consent given to one lender can be withdrawn by the person (개인정보 보호법
 * 제37조; issue 52's consent, ADR 0052): on the status page, when they choose.
 * The row keeps its answer ("given", and when) and gains the moment it was
 * withdrawn; from then no move to that lender rests on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lender_consents").addColumn("withdrawn_at", timeType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lender_consents").dropColumn("withdrawn_at").execute();
}
