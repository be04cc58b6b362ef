import type { Locale } from "#app/i18n/locales.ts";

/**
 * Numbers and dates in the visitor's language, with `Intl`. Every language of
 * the site writes Western digits (docs/language/*.terms.json), but CLDR gives
 * Burmese its own (၁၃.၀၀%): its tag asks for Latin digits. The decimal mark
 * and the order of a date are the language's: 13,00% in Vietnamese and
 * Indonesian, 13.00% in English, Burmese and Mongolian.
 *
 * Pages format on the server (loaders), so a page shows the server's ICU
 * output and hydration never compares two ICU versions.
 */
const INTL_TAG: Record<Locale | "ko", string> = { en: "en", vi: "vi", id: "id", my: "my-u-nu-latn", mn: "mn", ko: "ko" };

const percents = new Map<string, Intl.NumberFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

/** A percentage given in hundredths of a percent (1300 → 13.00% with 2 decimals, 13,00% in vi). */
export function formatPercent(locale: Locale | "ko", hundredths: number, decimals: number): string {
  const key = `${locale}/${decimals}`;
  let format = percents.get(key);
  if (!format)
    percents.set(
      key,
      (format = new Intl.NumberFormat(INTL_TAG[locale], {
        style: "percent",
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      })),
    );
  // Hundredths of a percent are ten-thousandths of one: 1990 → 0.199, exact enough at 2 decimals.
  return format.format(hundredths / 10_000);
}

/**
 * A calendar day (`YYYY-MM-DD`) written out in `locale`: November 1, 2026 ·
 * 1 tháng 11, 2026 · 1 November 2026 · 2026 နိုဝင်ဘာ 1 · 2026 оны 11-р сарын 1.
 * Mongolian takes CLDR's medium form (a numbered month, as the legal texts
 * write it) rather than the long one, which spells the month out.
 */
export function formatDay(locale: Locale, day: string): string {
  let format = days.get(locale);
  if (!format)
    days.set(
      locale,
      (format = new Intl.DateTimeFormat(INTL_TAG[locale], { dateStyle: locale === "mn" ? "medium" : "long", timeZone: "UTC" })),
    );
  return format.format(new Date(`${day}T00:00:00Z`));
}

/**
 * A calendar day (YYYY-MM-DD) as YYYY/MM/DD in every language, for text the
 * browser renders too (a component that formats as it renders): browsers do
 * not all carry month names for Burmese and Mongolian (Chromium falls back to
 * English), and the server's words must match the browser's.
 */
export function numericDay(iso: string): string {
  return iso.replaceAll("-", "/");
}

const numbers = new Map<string, Intl.NumberFormat>();

/** A number as `locale` writes it (50,000 · 50.000 in vi and id), with at most `decimals` decimals. */
export function formatNumber(locale: Locale | "ko", value: number, decimals = 0): string {
  const key = `${locale}/${decimals}`;
  let format = numbers.get(key);
  if (!format) numbers.set(key, (format = new Intl.NumberFormat(INTL_TAG[locale], { maximumFractionDigits: decimals })));
  return format.format(value);
}

const lists = new Map<string, Intl.ListFormat>();

/**
 * Items joined as `locale` writes a list of alternatives ("A or B", "A hoặc B",
 * "A atau B", "A သို့မဟုတ် B", "A эсвэл B"; issue 50, X2): never a bare comma,
 * so items that hold commas of their own stay whole. For three or more,
 * Burmese separates with its own mark (CLDR gives an ASCII hyphen) and
 * Mongolian ends with "эсвэл" (CLDR's "зэргийн аль нэг" reads "and so on").
 */
export function formatAlternatives(locale: Locale | "ko", items: readonly string[]): string {
  if (items.length > 2 && locale === "my") return `${items.slice(0, -1).join("၊ ")} သို့မဟုတ် ${items.at(-1)}`;
  if (items.length > 2 && locale === "mn") return `${items.slice(0, -1).join(", ")} эсвэл ${items.at(-1)}`;
  let format = lists.get(locale);
  if (!format) lists.set(locale, (format = new Intl.ListFormat(INTL_TAG[locale], { type: "disjunction", style: "long" })));
  return format.format(items);
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * A clock time given in minutes after midnight, as `locale` writes it, 24-hour:
 * 09:00, and 09.00 in Indonesian (issue 50, X5); 24:00 (a day's end) stays 24.
 */
export function formatClock(locale: string, minutes: number): string {
  const tag = (INTL_TAG as Record<string, string>)[locale] ?? locale;
  let format = clocks.get(tag);
  if (!format)
    clocks.set(tag, (format = new Intl.DateTimeFormat(tag, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" })));
  const text = format.format(new Date(Date.UTC(2024, 0, 1, 0, minutes % (24 * 60))));
  return minutes >= 24 * 60 ? text.replace(/^00/, "24") : text;
}
