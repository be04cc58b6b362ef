import { numericDay } from "#app/i18n/intl.ts";
import { LOCALE_TAG, type Locale } from "#app/i18n/locales.ts";

/**
 * Numbers of the calculator in the visitor's language (Intl), always with
 * Western digits (docs/language: every language of the site writes 0–9;
 * Intl would give Burmese its own digits): grouping and decimal mark follow
 * the language (1,000,000 / 1.000.000; 13.5 % / 13,5 %).
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(LOCALE_TAG[locale], { numberingSystem: "latn", ...options })));
  return format;
}

/** Whole won, grouped for the language: 1,150,493 or 1.150.493. */
export function formatWon(locale: Locale, won: number): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(won);
}

/** A share (0.412 → "41.2%"), one decimal. */
export function formatShare(locale: Locale, share: number): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(share);
}

/** A calendar day as on the alien registration card and in the site's date fields, YYYY/MM/DD, in every language. */
export const formatDay = numericDay;
