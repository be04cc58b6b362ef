import { LOCALE_TAG, type Locale } from "#app/i18n/locales.ts";

/**
 * Figures of the check's answer in the visitor's language, always with
 * Western digits (docs/language: every language of the site writes 0–9):
 * grouping and decimal mark follow the language.
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(LOCALE_TAG[locale], { numberingSystem: "latn", ...options })));
  return format;
}

/** Whole won, grouped for the language: 1,150,493 or 1.150.493. */
export function formatWon(locale: Locale, won: number): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(won);
}

/** An annual rate in percent (13.5 → "13.5%"), up to 2 decimals. */
export function formatRate(locale: Locale, percent: number): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);
}

/** A calendar day (YYYY-MM-DD) as on the alien registration card, YYYY/MM/DD, in every language. */
export function formatDay(iso: string): string {
  return iso.replaceAll("-", "/");
}
