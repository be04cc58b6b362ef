import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DEFAULT_CALENDAR, type BusinessCalendar } from "#app/business/calendar.ts";

/**
 * The business calendar as stored (migration 0130): read fresh from the
 * database by whoever asks (two small reads), so a change an administrator
 * saves is what every instance answers with at once; the pages cached with
 * it are dropped within seconds by the content version the save moves
 * (app/lib/content-version.server.ts). No row yet: the defaults.
 */
export async function readCalendar(db: Kysely<Database>): Promise<BusinessCalendar> {
  const row = await db.selectFrom("business_calendar").selectAll().where("id", "=", 1).executeTakeFirst();
  const closures = await db.selectFrom("business_closures").select(["day", "note"]).orderBy("day").execute();
  if (!row) return { ...DEFAULT_CALENDAR, closures };
  return {
    workingDays: row.working_days
      .split(",")
      .map(Number)
      .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7)
      .sort((a, b) => a - b),
    working: { start: Number(row.working_start), end: Number(row.working_end) },
    calling: { start: Number(row.calling_start), end: Number(row.calling_end) },
    closures,
  };
}
