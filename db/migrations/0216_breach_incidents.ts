import type { Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * A leak of personal data as the console records it (issue 52 item 4,
 * docs/breach.md): the moment it became known (인지, which starts the 72-hour
 * clock of 시행령 제39조·제40조), the period and kinds of requests affected,
 * the facts the notices need (법 제34조①: the items, how it happened, what the
 * person can do, what we did, whom to call), and whether the status pages
 * and the site show it. `closed_at` ends the banner; the notice stays as long
 * as `notice_until` (30 days at least, 시행령 제39조③).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("breach_incidents"))
    .addColumn("known_at", timeType(db), (c) => c.notNull())
    .addColumn("recorded_by", "varchar(254)", (c) => c.notNull())
    .addColumn("period_from", timeType(db), (c) => c.notNull())
    .addColumn("period_to", timeType(db), (c) => c.notNull())
    .addColumn("kinds", "varchar(100)", (c) => c.notNull())
    .addColumn("facts", "text", (c) => c.notNull())
    .addColumn("published_at", timeType(db))
    .addColumn("notice_until", timeType(db))
    .addColumn("reported_at", timeType(db))
    .addColumn("closed_at", timeType(db))
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addColumn("updated_at", timeType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("breach_incidents").execute();
}
