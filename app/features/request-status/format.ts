import { SEOUL_TIME_ZONE } from "#app/lib/seoul-time.ts";

/**
 * Times on the status page: in Korea time, in the page's language, with
 * western digits (docs/language: every language of the site writes 0–9).
 */
function format(locale: string, options: Intl.DateTimeFormatOptions) {
  // Making a formatter costs far more than using one (a status page lists dozens of slots): one per language and style.
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(`${locale}-u-nu-latn`, { timeZone: SEOUL_TIME_ZONE, ...options });
    if (formatters.size >= 64) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * "Tue, 1 Dec, 14:00". Burmese spells the month out: CLDR's short month
 * ("ဒီ" for December) reads as the word "this" (issue 37).
 */
export function formatWhen(iso: string, locale: string): string {
  const month = locale === "my" ? "long" : "short";
  return format(locale, { weekday: "short", day: "numeric", month, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );
}

/**
 * "1 December 2026". Mongolian numbers the month ("2026 оны 12-р сарын 1"),
 * as the rest of the site does (app/i18n/intl.ts), not "арван хоёрдугаар сарын".
 */
export function formatDay(iso: string, locale: string): string {
  if (locale === "mn") return format(locale, { dateStyle: "medium" }).format(new Date(iso));
  return format(locale, { day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));
}

/** "14:10" */
export function formatTime(iso: string, locale: string): string {
  return format(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
}

/** "Tuesday, 1 December" (a group of slots); Mongolian numbers the month, as formatDay does. */
export function formatDate(iso: string, locale: string): string {
  return format(locale, { weekday: "long", day: "numeric", month: locale === "mn" ? "short" : "long" }).format(new Date(iso));
}
