import type { Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * The business's one calendar (issue 36, item 2; ADR 0037): one row of
 * settings — the ISO weekdays it works ("1,2,3,4,5"), its working hours and
 * its calling hours in minutes after Seoul midnight — and the days it adds
 * as closed (a Seoul day, YYYY-MM-DD, with an optional note). Public
 * holidays are not stored: they come from the gazette's package. Seeded
 * with the hours the site promised so far: Monday to Friday, 09:00–18:00,
 * calls inside the same hours (the cadence's 09:00–20:00 on any day called
 * when the page said we were closed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("business_calendar")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("working_days", "varchar(20)", (c) => c.notNull())
    .addColumn("working_start", "integer", (c) => c.notNull())
    .addColumn("working_end", "integer", (c) => c.notNull())
    .addColumn("calling_start", "integer", (c) => c.notNull())
    .addColumn("calling_end", "integer", (c) => c.notNull())
    .addColumn("updated_at", timeType(db), (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("business_closures"))
    .addColumn("day", "varchar(10)", (c) => c.notNull().unique())
    .addColumn("note", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .execute();
  await db
    .insertInto("business_calendar" as never)
    .values({
      id: 1,
      working_days: "1,2,3,4,5",
      working_start: 540,
      working_end: 1080,
      calling_start: 540,
      calling_end: 1080,
      updated_at: new Date().toISOString(),
    } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("business_closures").ifExists().execute();
  await db.schema.dropTable("business_calendar").ifExists().execute();
}
