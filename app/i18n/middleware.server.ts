import type { MiddlewareFunction } from "react-router";
import { services } from "~/lib/services.server";
import { localeContext } from "./context";
import { detectLocale, langCookie, readCookie } from "./detect";
import { LANG_COOKIE } from "./locales";

/**
 * Decides the request's language (spec §4) for every loader and action, and
 * remembers an explicit `?lang=` choice in the cookie that mirrors
 * localStorage, so the next page renders in it on the first paint.
 */
export const localeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { locale, source } = detectLocale(request);
  context.set(localeContext, locale);
  const response = await next();
  try {
    if (source === "query" && readCookie(request.headers.get("cookie"), LANG_COOKIE) !== locale) {
      response.headers.append("Set-Cookie", langCookie(locale, services(context).secureCookies));
    }
    if (!response.headers.has("Vary")) response.headers.set("Vary", "Cookie, Accept-Language");
  } catch {
    // Some responses (Response.redirect) have immutable headers: nothing to add there.
  }
  return response;
};
