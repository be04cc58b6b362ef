import { digitsOnly } from "#app/lib/schema.ts";

/**
 * The visa expiry date (spec §3, §5, §9): typed as digits, shown as
 * YYYY/MM/DD while typing (at most 8 digits), accepted as YYYYMMDD or
 * YYYY/MM/DD, and it must be a real calendar date. Stored as YYYYMMDD.
 */
const EXPIRY_MAX_DIGITS = 8;

/** Oldest and newest year accepted: a visa expiry outside them is a typo. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/** Digits (at most 8) formatted progressively: 2027 → 2027, 202703 → 2027/03, 2027031 → 2027/03/1. */
export function formatExpiryDate(raw: string): string {
  const d = digitsOnly(raw).slice(0, EXPIRY_MAX_DIGITS);
  if (d.length <= 4) return d;
  if (d.length <= 6) return `${d.slice(0, 4)}/${d.slice(4)}`;
  return `${d.slice(0, 4)}/${d.slice(4, 6)}/${d.slice(6)}`;
}

export type DeleteDirection = "backward" | "forward" | undefined;

/**
 * One edit of the date field: the browser's new value and caret in, the
 * formatted value and where the caret belongs out (after the same digits).
 * Deleting a "/" deletes the digit beside it, so Backspace never gets stuck.
 */
export function editExpiryDate(
  raw: string,
  caret: number,
  previous: string,
  direction?: DeleteDirection,
): { value: string; caret: number } {
  let digits = digitsOnly(raw);
  let before = digitsOnly(raw.slice(0, caret)).length;
  if (direction && raw.length < previous.length && digits === digitsOnly(previous)) {
    if (direction === "backward" && before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    } else if (direction === "forward") {
      digits = digits.slice(0, before) + digits.slice(before + 1);
    }
  }
  digits = digits.slice(0, EXPIRY_MAX_DIGITS);
  before = Math.min(before, digits.length);
  const value = formatExpiryDate(digits);
  let position = 0;
  for (let seen = 0; position < value.length && seen < before; position++) {
    if (value[position] !== "/") seen++;
  }
  return { value, caret: position };
}

/** YYYYMMDD of a date written YYYYMMDD or YYYY/MM/DD, else null (format only). */
export function expiryDigits(value: string): string | null {
  const s = value.trim();
  if (/^\d{8}$/.test(s)) return s;
  const m = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(s);
  return m ? `${m[1]}${m[2]}${m[3]}` : null;
}

/** True when YYYYMMDD names a day that exists (2028/02/29 yes, 2027/02/29 no). */
export function isRealDate(digits: string): boolean {
  if (!/^\d{8}$/.test(digits)) return false;
  const year = Number(digits.slice(0, 4));
  const month = Number(digits.slice(4, 6));
  const day = Number(digits.slice(6, 8));
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
