import type { Kysely } from "kysely";
import { flagType, timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Where a request came from (issue 28, point 4), first-party only: the UTM
 * tags of the page the visit landed on, the partner banner tapped before (its
 * key), the referring site's domain (never its path), and whether the
 * eligibility check was used. One row per request that had any of these.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("request_sources"))
    .addColumn("request_kind", "varchar(16)", (c) => c.notNull())
    .addColumn("request_id", "integer", (c) => c.notNull())
    .addColumn("utm_source", "varchar(100)")
    .addColumn("utm_medium", "varchar(100)")
    .addColumn("utm_campaign", "varchar(100)")
    .addColumn("banner_key", "varchar(64)")
    .addColumn("referrer_domain", "varchar(253)")
    .addColumn("eligibility_used", flagType(db), (c) => c.notNull())
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addUniqueConstraint("request_sources_request", ["request_kind", "request_id"])
    .execute();
  await db.schema.createIndex("request_sources_created").on("request_sources").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("request_sources").ifExists().execute();
}
