import { LOCALES, type Locale } from "#app/i18n/locales.ts";

/** Content kept per language (campaigns, products): English is required, the others fall back to it. */

/** A text per language as stored (JSON): every language, an empty string where one is missing. */
export function parsePerLocale(json: string): Record<Locale, string> {
  const raw = JSON.parse(json) as Partial<Record<Locale, string>>;
  return Object.fromEntries(LOCALES.map((l) => [l, raw[l] ?? ""])) as Record<Locale, string>;
}

/** The text in `locale`, or the English one when that translation is empty. */
export function inLocale<T>(texts: Partial<Record<Locale, T>>, locale: Locale, isEmpty: (value: T) => boolean): T | undefined {
  const own = texts[locale];
  return own !== undefined && !isEmpty(own) ? own : texts.en;
}

/** The languages whose translation is empty (they show the English text). */
export function missingLocales<T>(texts: Partial<Record<Locale, T>>, isEmpty: (value: T) => boolean): Locale[] {
  return LOCALES.filter((l) => texts[l] === undefined || isEmpty(texts[l]));
}
