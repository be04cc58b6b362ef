/**
 * Operators read times in Korea: every stored time is ISO-8601 UTC and is
 * shown, filtered and grouped by its Asia/Seoul calendar day.
 * Pure functions (Intl only), used by loaders, the CSV export and tests.
 */
const OPERATOR_TIME_ZONE = "Asia/Seoul";

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: OPERATOR_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function zoned(instant: Date) {
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: parts.year ?? "0000",
    month: parts.month ?? "01",
    day: parts.day ?? "01",
    hour: parts.hour ?? "00",
    minute: parts.minute ?? "00",
    second: parts.second ?? "00",
  };
}

/** `2026-11-22 14:05` in Seoul: the same for both operator languages, sortable, short on a phone. */
export function formatSeoul(iso: string | Date): string {
  const instant = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(instant.getTime())) return "";
  const z = zoned(instant);
  return `${z.year}-${z.month}-${z.day} ${z.hour}:${z.minute}`;
}

/** The Seoul calendar day (`YYYY-MM-DD`) of an instant. */
export function seoulDay(iso: string | Date): string {
  const z = zoned(typeof iso === "string" ? new Date(iso) : iso);
  return `${z.year}-${z.month}-${z.day}`;
}

/** The days a console filter may name: nothing is stored before 2000, and the day after the last is still `YYYY-MM-DD`. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2999;

/** A real calendar day `YYYY-MM-DD` of the years a filter may name; anything else (9999-12-31, 2026-02-30) is not a day. */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The zone's offset from UTC at an instant, in ms (Seoul: +9 h; no daylight saving since 1988). */
function offsetAt(instant: Date): number {
  const z = zoned(instant);
  const wall = Date.UTC(+z.year, +z.month - 1, +z.day, +z.hour, +z.minute, +z.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The UTC instant at which a Seoul calendar day begins. */
export function seoulDayStart(day: string): Date {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  const wallMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(wallMidnight - offsetAt(new Date(wallMidnight)));
}

/** `day` plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + n * DAY_MS).toISOString().slice(0, 10);
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
