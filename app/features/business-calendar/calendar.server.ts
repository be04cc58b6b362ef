import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit, describeChanges } from "#app/features/audit/audit.server.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { addDays, seoulDay } from "#app/lib/seoul-time.ts";
import { readCalendar } from "#app/business/calendar.server.ts";
import { HOLIDAY_YEARS, hhmm, holidaysBetween, holidaysKnown, type Closure } from "#app/business/calendar.ts";
import { CLOSURES_MAX, hoursValues, type ClosureOutput, type HoursOutput } from "#app/features/business-calendar/schema.ts";

/**
 * The console's Calendar page (issue 36, item 2; ADR 0037), administrators
 * only: the hours and weekdays, and the closures the business adds. Each
 * change is one transaction with its audit entry and a move of the content
 * version, so every instance's cached pages (the completion page's hours)
 * are dropped within seconds; the readers read the calendar fresh.
 */
type Db = Kysely<Database>;
type Who = Pick<SignedIn, "operator">;

/** The record the audit entries name: the calendar's one row. */
const RECORD = { kind: "business_calendar", id: 1 };

/** How far ahead the page lists the public holidays. */
const HOLIDAYS_AHEAD_DAYS = 365;

export interface CalendarPageData {
  values: Record<string, string>;
  /** Closures from today on, then the past ones (newest first, a few). */
  upcoming: (Closure & { id: number })[];
  past: (Closure & { id: number })[];
  /** The public holidays of the coming year (always closed). */
  holidays: { day: string; names: string }[];
  /** The last year whose holidays the package knows, and whether next year is among them. */
  knownThrough: number;
  nextYearKnown: boolean;
}

export async function calendarPage(db: Db, now = new Date()): Promise<CalendarPageData> {
  const calendar = await readCalendar(db);
  const today = seoulDay(now);
  const rows = await db.selectFrom("business_closures").select(["id", "day", "note"]).orderBy("day").execute();
  return {
    values: hoursValues(calendar),
    upcoming: rows.filter((r) => r.day >= today),
    past: rows
      .filter((r) => r.day < today)
      .reverse()
      .slice(0, 20),
    holidays: holidaysBetween(today, addDays(today, HOLIDAYS_AHEAD_DAYS)).map((h) => ({ day: h.day, names: h.names.join(", ") })),
    knownThrough: HOLIDAY_YEARS.last,
    nextYearKnown: holidaysKnown(Number(today.slice(0, 4)) + 1),
  };
}

const asRow = (hours: HoursOutput) => ({
  working_days: hours.days.join(","),
  working_start: hours.working_start,
  working_end: hours.working_end,
  calling_start: hours.calling_start,
  calling_end: hours.calling_end,
});

const shown = (row: ReturnType<typeof asRow>) => ({
  working_days: row.working_days,
  working: `${hhmm(row.working_start)}-${hhmm(row.working_end)}`,
  calling: `${hhmm(row.calling_start)}-${hhmm(row.calling_end)}`,
});

/** Saves the hours and weekdays (validated by hoursSchema); audited with what changed. */
export async function saveHours(db: Db, who: Who, hours: HoursOutput, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await readCalendar(trx);
    const row = asRow(hours);
    const updated = await trx
      .updateTable("business_calendar")
      .set({ ...row, updated_at: now.toISOString() })
      .where("id", "=", 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto("business_calendar")
        .values({ id: 1, ...row, updated_at: now.toISOString() })
        .execute();
    }
    const old = asRow({
      days: before.workingDays,
      working_start: before.working.start,
      working_end: before.working.end,
      calling_start: before.calling.start,
      calling_end: before.calling.end,
    });
    await audit(trx, who, "calendar_update", RECORD, describeChanges(shown(old), shown(row)).join("; "), now);
    await bumpContentVersion(trx, now);
  });
}

export type ClosureProblem = "past" | "duplicate" | "full";

/** Adds a closed day (today or later); refused when past, already closed by the business, or the list is full. */
export async function addClosure(db: Db, who: Who, closure: ClosureOutput, now = new Date()): Promise<ClosureProblem | null> {
  if (closure.day < seoulDay(now)) return "past";
  return db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom("business_closures").select("id").where("day", "=", closure.day).executeTakeFirst();
    if (exists) return "duplicate" as const;
    const count = await trx
      .selectFrom("business_closures")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= CLOSURES_MAX) return "full" as const;
    await trx.insertInto("business_closures").values({ day: closure.day, note: closure.note, created_at: now.toISOString() }).execute();
    await audit(trx, who, "calendar_close", RECORD, `day=${closure.day}`, now);
    await bumpContentVersion(trx, now);
    return null;
  });
}

/** Removes a closure (the day opens again unless a weekday or a holiday closes it); false when there was none. */
export async function removeClosure(db: Db, who: Who, id: number, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("business_closures").select("day").where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("business_closures").where("id", "=", id).execute();
    await audit(trx, who, "calendar_reopen", RECORD, `day=${row.day}`, now);
    await bumpContentVersion(trx, now);
    return true;
  });
}
