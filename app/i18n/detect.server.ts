import { DEFAULT_LOCALE, LANG_QUERY, isLocale, type Locale } from "#app/i18n/locales.ts";
import { langCookie, plainValue } from "#app/lib/cookies.server.ts";
import { memoByString } from "#app/lib/memo.ts";

/** Best supported language of an Accept-Language header, by q-value. */
export function fromAcceptLanguage(header: string | null): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.toLowerCase().split("-")[0] ?? "", weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  // "in" is the legacy code of Indonesian, "bur" / "mya" older codes of Burmese.
  const alias: Record<string, string> = { in: "id", bur: "my", mya: "my", mon: "mn" };
  for (const { base } of ranked) {
    const code = alias[base] ?? base;
    if (isLocale(code)) return code;
  }
  return undefined;
}

/** Browsers send a few Accept-Language values, the same on every request: the page cache reads every page request's language, so each value is ranked once. */
const rankedAcceptLanguage = memoByString(fromAcceptLanguage, 256);

type LocaleSource = "query" | "cookie" | "header" | "default";

/**
 * Spec §4 Language: query parameter `lang`, then the stored choice (the cookie
 * mirrors localStorage `lang`), then the browser language, then English.
 * Synchronous: the page cache reads it for every request.
 */
export function detectLocale(request: Pick<Request, "url" | "headers">): { locale: Locale; source: LocaleSource } {
  return localeOf(new URL(request.url).searchParams.get(LANG_QUERY), request.headers.get("cookie"), request.headers.get("accept-language"));
}

/** detectLocale from the three things it reads. */
export function localeOf(
  query: string | null,
  cookie: string | null,
  acceptLanguage: string | null,
): { locale: Locale; source: LocaleSource } {
  if (isLocale(query)) return { locale: query, source: "query" };
  const fromCookie = plainValue(langCookie, cookie);
  if (isLocale(fromCookie)) return { locale: fromCookie, source: "cookie" };
  const fromHeader = acceptLanguage ? rankedAcceptLanguage(acceptLanguage) : undefined;
  if (fromHeader) return { locale: fromHeader, source: "header" };
  return { locale: DEFAULT_LOCALE, source: "default" };
}
