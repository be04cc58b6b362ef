import type { RouterContextProvider } from "react-router";
import { i18nFor, localeOf } from "#app/i18n/route.server.ts";
import type { I18nPayload } from "#app/i18n/useT.ts";
import { services } from "#app/lib/services.server.ts";
import { decoyToken, statusPath, statusUrl } from "#app/requests/status-link.server.ts";

/**
 * The status link in an answer (issue 28): absolute for the API
 * (`data.status_url`, PUBLIC_ORIGIN or the request's origin), a path for the
 * site's own pages. A bot's request (the honeypot) is stored nowhere and is
 * given a link that opens nothing, so it cannot tell.
 */
export function statusUrlFor(context: Readonly<RouterContextProvider>, request: Request, token: string | null): string {
  const origin = services(context).publicOrigin || new URL(request.url).origin;
  return statusUrl(origin, token ?? decoyToken(), localeOf(context));
}

export function statusPathFor(context: Readonly<RouterContextProvider>, token: string | null): string {
  return statusPath(token ?? decoyToken(), localeOf(context));
}

/**
 * A page's loader data with the strings of the status link's box added (only
 * `status.link.*`: the status page's own strings stay on the status page).
 */
export function withStatusLinkStrings<T extends { i18n: I18nPayload }>(context: Readonly<RouterContextProvider>, base: T): T {
  const link = Object.entries(i18nFor(context, ["status"]).messages).filter(([key]) => key.startsWith("status.link."));
  return { ...base, i18n: { ...base.i18n, messages: { ...base.i18n.messages, ...Object.fromEntries(link) } } };
}
