import type { MiddlewareFunction } from "react-router";
import { localeContext } from "#app/i18n/context.ts";
import { detectLocale } from "#app/i18n/detect.server.ts";

/**
 * Decides the request's language (spec §4) for every loader and action. The
 * `lang` cookie that remembers an explicit `?lang=` is set by the HTTP layer
 * (server/app.ts), so that the page itself stays shareable by the page cache.
 */
export const localeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, detectLocale(request).locale);
  const response = await next();
  try {
    if (!response.headers.has("Vary")) response.headers.set("Vary", "Cookie, Accept-Language");
  } catch {
    // Some responses (Response.redirect) have immutable headers: nothing to add there.
  }
  return response;
};
