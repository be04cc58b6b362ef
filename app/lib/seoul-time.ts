import { addDays, isIsoDay } from "#app/lib/iso-day.ts";
/**
 * Korea time, in one module: every stored time is ISO-8601 UTC and is shown,
 * filtered, grouped and scheduled by its Asia/Seoul wall clock and calendar
 * day. Korea keeps UTC+9 all year (no daylight saving since 1988), so a
 * Seoul wall-clock time is the UTC time plus nine hours. Pure functions of
 * a time (no clock read unless a default says so), client-safe: loaders,
 * the CSV export, the console's forms, the calculator and the tests use them.
 */
export const SEOUL_TIME_ZONE = "Asia/Seoul";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Seoul's offset from UTC: +9 h, all year. */
const SEOUL_OFFSET_MS = 9 * 60 * MINUTE_MS;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const msOf = (instant: Date | number) => (typeof instant === "number" ? instant : instant.getTime());

/** The Seoul wall clock of an instant, as a Date whose UTC fields read it (its getUTCHours() is the hour in Seoul). */
export function seoulWall(instant: Date | number): Date {
  return new Date(msOf(instant) + SEOUL_OFFSET_MS);
}

/** The Seoul calendar day of an instant, counted in whole days since 1970-01-01. */
export function seoulDayNumber(instant: Date | number): number {
  return Math.floor(seoulWall(instant).getTime() / DAY_MS);
}

/** The instant (ms) at which the Seoul day an instant falls on began. */
export function seoulMidnight(instant: Date | number): number {
  return seoulDayNumber(instant) * DAY_MS - SEOUL_OFFSET_MS;
}

/** Whole minutes after Seoul midnight of an instant. */
export function seoulMinutes(instant: Date | number): number {
  return Math.floor((msOf(instant) - seoulMidnight(instant)) / MINUTE_MS);
}

/** The Seoul wall clock of an instant in ISO form: `2026-11-22T14:05:00.000Z` for 05:05 UTC (the Z is not Seoul's). */
const wallIso = (instant: Date | number) => seoulWall(instant).toISOString();

/** `2026-11-22 14:05` in Seoul: the same for both operator languages, sortable, short on a phone. */
export function formatSeoul(iso: string | Date): string {
  const instant = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(instant.getTime())) return "";
  return wallIso(instant).slice(0, 16).replace("T", " ");
}

/** The Seoul calendar day (`YYYY-MM-DD`) of an instant. */
export function seoulDay(iso: string | Date): string {
  return wallIso(typeof iso === "string" ? new Date(iso) : iso).slice(0, 10);
}

/** Today's calendar day in Seoul, as YYYY-MM-DD. */
export function todayInSeoul(now: Date = new Date()): string {
  return seoulDay(now);
}

/**
 * `2026-11-26T09:00`, a Seoul wall-clock time as a `datetime-local` field
 * sends it (a campaign's window, a product's effective-from), →
 * `2026-11-26T00:00:00.000Z`; empty or unreadable → null. Read as Date.parse
 * reads it: a day that does not exist rolls over (fromSeoulLocal refuses it).
 */
export function kstToUtc(value: string): string | null {
  if (!value) return null;
  const wall = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
  return Number.isNaN(wall) ? null : new Date(wall - SEOUL_OFFSET_MS).toISOString();
}

/** A stored instant back as the Seoul wall-clock time of a `datetime-local` field (`2026-11-26T09:00`); null → empty. */
export function utcToKst(iso: string | null): string {
  if (!iso) return "";
  return wallIso(Date.parse(iso)).slice(0, 16);
}

/** `2026-11-26T22:00` as a Seoul wall-clock time (what a datetime-local field sends). */
const SEOUL_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant of a Seoul wall-clock time, or null when it is not one: unlike
 * kstToUtc, a day or an hour that does not exist (2026-02-30, 24:00) is
 * refused rather than rolled over.
 */
export function fromSeoulLocal(value: string): Date | null {
  const m = SEOUL_LOCAL.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (wall.getUTCFullYear() !== y || wall.getUTCMonth() !== mo - 1 || wall.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(wall.getTime() - SEOUL_OFFSET_MS);
}

/** The days a console filter may name: nothing is stored before 2000, and the day after the last is still `YYYY-MM-DD`. */

/** The UTC instant at which a Seoul calendar day begins. */
export function seoulDayStart(day: string): Date {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - SEOUL_OFFSET_MS);
}

/**
 * A Seoul date range as a half-open UTC interval for `created_at` queries:
 * from the start of `from` to the start of the day after `to`. Either end may be open.
 */
export function seoulRange(from?: string, to?: string): { start?: string; end?: string } {
  return {
    start: from ? seoulDayStart(from).toISOString() : undefined,
    end: to ? seoulDayStart(addDays(to, 1)).toISOString() : undefined,
  };
}

/** Every day from `from` to `to`, both included, newest first. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = to; day >= from && out.length < 1000; day = addDays(day, -1)) out.push(day);
  return out;
}

/** Calendar days as strings (app/lib/iso-day.ts), for the modules that import them from here. */
export { addDays, isIsoDay };
