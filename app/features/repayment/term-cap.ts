/**
 * How long a loan may run before a visa ends (issue 27): lenders want some
 * months of stay left after the last instalment. Dates are ISO calendar days
 * (YYYY-MM-DD) in Korea's calendar (Asia/Seoul); pure, no dependencies.
 *
 * A month from a day is the same day of the next month, or that month's last
 * day when it has no such day (31 January + 1 month = 28 or 29 February).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses a real calendar day; throws a RangeError on anything else (2026-02-30 included). */
export function parseIsoDate(iso: string): CalendarDay {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`not an ISO date: ${iso}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw new RangeError(`not a calendar day: ${iso}`);
  return { year, month, day };
}

/** Compares two days as numbers: negative, 0 or positive. */
function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** `from` plus `months` calendar months, the day kept or clamped to the month's last day. */
function addMonths(from: CalendarDay, months: number): CalendarDay {
  const index = from.year * 12 + (from.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(from.day, daysInMonth(year, month)) };
}

/**
 * Whole months from `today` until `expiry` (ISO dates, Asia/Seoul calendar
 * days), floor: the largest m with today + m months ≤ expiry. 0 when the
 * expiry is less than a month away, today, or past.
 */
export function monthsUntil(todayIso: string, expiryIso: string): number {
  const today = parseIsoDate(todayIso);
  const expiry = parseIsoDate(expiryIso);
  if (compareDays(expiry, today) <= 0) return 0;
  let months = (expiry.year - today.year) * 12 + (expiry.month - today.month);
  while (months > 0 && compareDays(addMonths(today, months), expiry) > 0) months--;
  return months;
}

/**
 * Longest term (months) such that `monthsLeftAfterLoan` months of stay remain
 * after the last instalment; 0 when none.
 */
export function maxTermForStay(todayIso: string, expiryIso: string, monthsLeftAfterLoan: number): number {
  return Math.max(0, monthsUntil(todayIso, expiryIso) - monthsLeftAfterLoan);
}

/**
 * The earliest expiry that leaves `monthsLeftAfterLoan` months of stay after a
 * loan of `months` months taken today: what to tell a visitor who does not
 * know their expiry date.
 */
export function earliestExpiryFor(todayIso: string, months: number, monthsLeftAfterLoan: number): string {
  const day = addMonths(parseIsoDate(todayIso), months + monthsLeftAfterLoan);
  return `${String(day.year).padStart(4, "0")}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
}
