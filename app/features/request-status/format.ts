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

/** "Tue, 1 Dec, 14:00" */
export function formatWhen(iso: string, locale: string): string {
  return format(locale, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );
}

/** "1 December 2026" */
export function formatDay(iso: string, locale: string): string {
  return format(locale, { day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));
}

/** "14:10" */
export function formatTime(iso: string, locale: string): string {
  return format(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
}

/** "Tue, 1 Dec" (a group of slots) */
export function formatDate(iso: string, locale: string): string {
  return format(locale, { weekday: "long", day: "numeric", month: "long" }).format(new Date(iso));
}
