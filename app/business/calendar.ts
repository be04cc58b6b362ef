import * as GAZETTE from "@hyunbinseo/holidays-kr/all";
import { addDays, seoulDay, seoulDayStart, seoulMinutes, seoulWall } from "#app/lib/seoul-time.ts";
import { formatClock } from "#app/i18n/intl.ts";

/**
 * The business's one calendar (issue 36, item 2; ADR 0037): the days it
 * works, its working hours (what visitors are told), its calling hours (when
 * an agent may ring a visitor: inside the working hours and inside the law's
 * 08:00–21:00), Korea's public holidays from the official gazette, and the
 * closures the business adds. The status page, the call cadence, My calls,
 * the call-back slots, the reports' waits and the completion page all ask
 * it. Pure functions of (calendar, instant), Korea time (UTC+9 all year):
 * the server reads the calendar from the database (calendar.server.ts).
 */

/** A span of the day, in minutes after Seoul midnight: from `start` to before `end`. */
export interface DayHours {
  start: number;
  end: number;
}

export interface Closure {
  /** YYYY-MM-DD, a Seoul calendar day. */
  day: string;
  /** Why (shown to operators only), may be empty. */
  note: string;
}

export interface BusinessCalendar {
  /** ISO weekdays the business works (1 Monday … 7 Sunday), ascending. */
  workingDays: number[];
  working: DayHours;
  calling: DayHours;
  closures: Closure[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The law's window for calls nobody asked for (no calls 21:00–08:00). */
export const LEGAL_CALLING: DayHours = { start: 8 * 60, end: 21 * 60 };

/** What a fresh install starts from (migration 0130 seeds the same). */
export const DEFAULT_CALENDAR: BusinessCalendar = {
  workingDays: [1, 2, 3, 4, 5],
  working: { start: 9 * 60, end: 18 * 60 },
  calling: { start: 9 * 60, end: 18 * 60 },
  closures: [],
};

/** How many days ahead a search for an open day looks before it gives up (closures are capped well below). */
const SEARCH_DAYS = 1000;

// ---------------------------------------------------------------- holidays

type Gazette = Record<string, readonly string[]>;
const YEARS: ReadonlyMap<number, Gazette> = new Map(
  Object.entries(GAZETTE as Record<string, Gazette>).map(([name, days]) => [Number(name.slice(1)), days]),
);

/** The years whose public holidays the package knows (the gazette is published a year or so ahead). */
export const HOLIDAY_YEARS: { first: number; last: number } = {
  first: Math.min(...YEARS.keys()),
  last: Math.max(...YEARS.keys()),
};

/** Whether the public holidays of `year` are known. Past the package's last year, only the weekdays and the closures close a day. */
export function holidaysKnown(year: number): boolean {
  return YEARS.has(year);
}

/** The public holiday(s) on a Seoul day (e.g. ["추석"], ["대체공휴일(설날)"]), or null; null too for a year not known. */
export function holidayNames(day: string): readonly string[] | null {
  return YEARS.get(Number(day.slice(0, 4)))?.[day] ?? null;
}

/** Every known public holiday from `from` to `to` (both included), in order. */
export function holidaysBetween(from: string, to: string): { day: string; names: readonly string[] }[] {
  const out: { day: string; names: readonly string[] }[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const [day, names] of Object.entries(YEARS.get(year) ?? {})) if (day >= from && day <= to) out.push({ day, names });
  }
  return out.sort((a, b) => (a.day < b.day ? -1 : 1));
}

// ---------------------------------------------------------------- days

/** ISO weekday (1 Monday … 7 Sunday) of a Seoul day. */
export function weekdayOf(day: string): number {
  return seoulWall(seoulDayStart(day)).getUTCDay() || 7;
}

export type ClosedBecause = { kind: "weekday" } | { kind: "holiday"; names: readonly string[] } | { kind: "closure"; note: string };

/** Why a Seoul day is closed, or null when the business works that day. */
export function closedBecause(calendar: BusinessCalendar, day: string): ClosedBecause | null {
  const closure = calendar.closures.find((c) => c.day === day);
  if (closure) return { kind: "closure", note: closure.note };
  const names = holidayNames(day);
  if (names) return { kind: "holiday", names };
  if (!calendar.workingDays.includes(weekdayOf(day))) return { kind: "weekday" };
  return null;
}

/** Whether the business works on a Seoul day (a working weekday, no public holiday, no closure). */
export function isOpenDay(calendar: BusinessCalendar, day: string): boolean {
  return closedBecause(calendar, day) === null;
}

const inside = (minutes: number, hours: DayHours) => minutes >= hours.start && minutes < hours.end;

/** Whether an instant falls inside the working hours of an open day. */
export function isWorkingTime(calendar: BusinessCalendar, instant: Date): boolean {
  return inside(seoulMinutes(instant), calendar.working) && isOpenDay(calendar, seoulDay(instant));
}

/** Whether an agent may call at this instant: inside the calling hours of an open day. */
export function isCallingTime(calendar: BusinessCalendar, instant: Date): boolean {
  return inside(seoulMinutes(instant), calendar.calling) && isOpenDay(calendar, seoulDay(instant));
}

/** The first open day on or after `day` (within SEARCH_DAYS), or null. */
export function nextOpenDay(calendar: BusinessCalendar, day: string): string | null {
  for (let d = day, i = 0; i < SEARCH_DAYS; d = addDays(d, 1), i++) if (isOpenDay(calendar, d)) return d;
  return null;
}

/**
 * The first instant at or after `at` when an agent may call: `at` itself
 * inside the calling hours of an open day, else the opening of the next open
 * day (a request sent at 23:00, or on 추석, is called at the opening after).
 * A calendar that never opens again (impossible once validated) answers `at`.
 */
export function nextCallingMoment(calendar: BusinessCalendar, at: Date): Date {
  if (isCallingTime(calendar, at)) return at;
  const today = seoulDay(at);
  const from = seoulMinutes(at) < calendar.calling.start ? today : addDays(today, 1);
  const day = nextOpenDay(calendar, from);
  return day ? new Date(seoulDayStart(day).getTime() + calendar.calling.start * MINUTE) : at;
}

/**
 * How much of [from, to] falls inside the calling hours of open days, in ms
 * (the reports' "calling hours only" waits: a night or a holiday does not count).
 */
export function callingMsBetween(calendar: BusinessCalendar, from: Date, to: Date): number {
  if (to.getTime() <= from.getTime()) return 0;
  let total = 0;
  const last = seoulDay(to);
  for (let day = seoulDay(from), i = 0; day <= last && i < 4000; day = addDays(day, 1), i++) {
    if (!isOpenDay(calendar, day)) continue;
    const midnight = seoulDayStart(day).getTime();
    const start = Math.max(from.getTime(), midnight + calendar.calling.start * MINUTE);
    const end = Math.min(to.getTime(), midnight + calendar.calling.end * MINUTE);
    if (end > start) total += end - start;
  }
  return total;
}

// ---------------------------------------------------------------- call-back slots

/** How far ahead a visitor may ask for a call-back, and how soon the first slot is. */
export const SLOT_DAYS = 7;
const SLOT_LEAD = 30 * MINUTE;

/** Whether a call-back may be booked at this instant: a full hour inside the calling hours of an open day. */
export function isCallSlot(calendar: BusinessCalendar, instant: Date): boolean {
  return instant.getTime() % HOUR === 0 && isCallingTime(calendar, instant);
}

/** The call-back slots a visitor may pick at `now`, earliest first: every full hour at least 30 min away, for 7 days; none on a closed day. */
export function callSlots(calendar: BusinessCalendar, now: Date): Date[] {
  const first = Math.ceil((now.getTime() + SLOT_LEAD) / HOUR) * HOUR;
  const last = now.getTime() + SLOT_DAYS * DAY;
  const slots: Date[] = [];
  for (let t = first; t <= last; t += HOUR) {
    const slot = new Date(t);
    if (isCallSlot(calendar, slot)) slots.push(slot);
  }
  return slots;
}

/**
 * What callSlots reads of `now`: two instants with the same key get the same
 * slots from the same calendar (the first full hour 30 min ahead, the last 7
 * days ahead), so a caller may keep its answer under this key (issue 41).
 */
export function callSlotsKey(now: Date): string {
  return `${Math.ceil((now.getTime() + SLOT_LEAD) / HOUR)}:${Math.floor((now.getTime() + SLOT_DAYS * DAY) / HOUR)}`;
}

/** A chosen slot (ISO) is accepted when it is one the page offers now (a page left open an hour still works while its slot is ahead). */
export function isOfferedSlot(calendar: BusinessCalendar, value: string, now: Date): Date | null {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || instant.toISOString() !== value) return null;
  if (instant.getTime() <= now.getTime() || instant.getTime() > now.getTime() + SLOT_DAYS * DAY) return null;
  return isCallSlot(calendar, instant) ? instant : null;
}

// ---------------------------------------------------------------- what visitors read

/** `HH:MM` of minutes after midnight. */
export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Reads `HH:MM` (00:00–24:00) as minutes after midnight, or null. */
export function parseHhmm(value: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) > 59 || minutes > 24 * 60 ? null : minutes;
}

/** Runs of consecutive working weekdays: [1,2,3,4,5] → [[1,5]]; [1,3,4,6] → [[1,1],[3,4],[6,6]]. */
export function weekdayRuns(days: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const d of [...days].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && last[1] === d - 1) last[1] = d;
    else runs.push([d, d]);
  }
  return runs;
}

/** The weekday's name in a language (ISO 1 Monday … 7 Sunday): 2024-01-01 was a Monday. */
function weekdayName(weekday: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, weekday)));
}

/** The texts made (a language's days read the same every time; making Intl formatters is dear: issue 41). */
const daysTexts = new Map<string, string>();

/**
 * The working days in words, in a language: "Monday–Friday",
 * "Monday–Wednesday and Saturday". Weekday names are the language's own (Intl).
 */
export function workingDaysText(days: readonly number[], locale: string): string {
  const key = `${locale} ${days.join(",")}`;
  let text = daysTexts.get(key);
  if (text === undefined) {
    if (daysTexts.size >= 64) daysTexts.clear();
    daysTexts.set(key, (text = makeWorkingDaysText(days, locale)));
  }
  return text;
}

function makeWorkingDaysText(days: readonly number[], locale: string): string {
  const parts = weekdayRuns(days).map(([a, b]) =>
    a === b ? weekdayName(a, locale) : `${weekdayName(a, locale)}${b === a + 1 ? ", " : "–"}${weekdayName(b, locale)}`,
  );
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(parts);
}

/**
 * What a visitor's text about the hours needs: the days in words and the
 * working hours ("we work …") or the calling hours ("we call …"), Korea time.
 */
export function hoursVars(
  calendar: BusinessCalendar,
  locale: string,
  which: "working" | "calling" = "working",
): { days: string; from: string; to: string } {
  const hours = calendar[which];
  // The clock as the language writes it: 09.00 in Indonesian, like the {time} beside it (issue 50, X5).
  return {
    days: workingDaysText(calendar.workingDays, locale),
    from: formatClock(locale, hours.start),
    to: formatClock(locale, hours.end),
  };
}
