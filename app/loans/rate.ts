import type { Locale } from "#app/i18n/locales.ts";
import { formatPercent } from "#app/i18n/intl.ts";

/**
 * A loan's annual rate, one module for every form and page that reads,
 * checks or shows one (issue 40): the campaigns' banners and the products in
 * the console, the repayment calculator and the eligibility check. Rates are
 * kept in hundredths of a percent ("bp": 13.5 % → 1350), exact integers.
 * Pure and client-safe: the calculator runs it in the browser.
 */

/**
 * The highest annual rate a loan in Korea may carry (이자제한법, 대부업법
 * 시행령: 20 % a year): no product, banner or calculation may go above it.
 */
export const LEGAL_MAX_RATE_BP = 2000;
export const LEGAL_MAX_RATE_PERCENT = LEGAL_MAX_RATE_BP / 100;

/** Hundredths of a percent ↔ percent. */
export const bpToPercent = (bp: number) => bp / 100;
export const percentToBp = (percent: number) => Math.round(percent * 100);

/** Whether a rate is within the legal maximum (20.00 % itself is allowed). */
export const withinLegalMax = (bp: number) => bp <= LEGAL_MAX_RATE_BP;

/** A rate as typed: its value and the decimals it was written with (13.00 → 1300, 2; 19.9 → 1990, 1). */
export interface TypedRate {
  bp: number;
  decimals: number;
}

/** What a form accepts besides digits: at most 2 decimals always, the rest as each form has always read it. */
export interface RateSyntax {
  /** Digits before the decimal mark. */
  wholeDigits: 2 | 3;
  /** `13,5` as well as `13.5`. */
  decimalComma: boolean;
  /** A `%` after the number, spaces before it allowed. */
  percentSign: boolean;
}

export const RATE_SYNTAX = {
  /** The calculator, typed in the visitor's language: 13.5, 13,5, 13.5 % (0–99). */
  visitor: { wholeDigits: 2, decimalComma: true, percentSign: true },
  /** A banner's rate in the console: 13.00, 19.9 % (0–99, a point only). */
  banner: { wholeDigits: 2, decimalComma: false, percentSign: true },
  /** A product's rate in the console: 13.00, up to 999 so that 100 gets the legal message, no %. */
  product: { wholeDigits: 3, decimalComma: false, percentSign: false },
} as const satisfies Record<string, RateSyntax>;

const RATE_TEXT = /^(\d{1,3})(?:([.,])(\d{1,2}))?(\s*%)?$/;

/**
 * The one rate parser: `13.5` → 1350 (1 decimal); surrounding spaces are
 * trimmed. Null for anything `syntax` does not accept (never throws); the
 * legal maximum is the caller's check, with its own message.
 */
export function parseRate(text: string, syntax: RateSyntax = RATE_SYNTAX.visitor): TypedRate | null {
  const match = RATE_TEXT.exec(text.trim());
  if (!match) return null;
  const [, whole = "", mark, fraction = "", percent] = match;
  if (whole.length > syntax.wholeDigits || (mark === "," && !syntax.decimalComma) || (percent && !syntax.percentSign)) return null;
  return { bp: Number(whole) * 100 + Number(fraction.padEnd(2, "0")), decimals: fraction.length };
}

/** The decimals a rate needs, at most 2: 1300 → 0, 1350 → 1, 1325 → 2. */
export const rateDecimals = (bp: number) => (bp % 100 === 0 ? 0 : bp % 10 === 0 ? 1 : 2);

/**
 * A rate in `locale`'s number format, with `decimals` decimals (as typed) or
 * as few as it needs: 13.5% (en), 13,5% (vi, id); Western digits everywhere.
 */
export function formatRate(locale: Locale | "ko", bp: number, decimals = rateDecimals(bp)): string {
  return formatPercent(locale, bp, decimals);
}

/**
 * A product's rate range as every ad shows it (issue 48 item 2; review N14): the banner, its
 * disclosure block and the product page, one formatter — "13%–19.9%" (en), "13%~19.9%" in the
 * Korean block, as the Korean text writes a range; one rate when both ends are equal.
 */
export function formatRateRange(locale: Locale | "ko", minBp: number, maxBp: number): string {
  const from = formatRate(locale, minBp);
  const to = formatRate(locale, maxBp);
  return from === to ? from : `${from}${locale === "ko" ? "~" : "–"}${to}`;
}

/** A rate as a form field or a query string carries it, a point and no %: 1300 → `13.00`, `13` with 0 decimals. */
export function rateText(bp: number, decimals = 2): string {
  return bpToPercent(bp).toFixed(decimals);
}
