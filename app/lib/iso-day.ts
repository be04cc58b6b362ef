/**
 * Calendar days written `YYYY-MM-DD`, as plain strings: no time zone, no
 * clock. Kept apart from seoul-time.ts so a page that only checks or counts
 * days (the legal modal's versions) does not load the Korea-time module.
 */
const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
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

/** `day` plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + n * DAY_MS).toISOString().slice(0, 10);
}
