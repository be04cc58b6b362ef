import type { RouterContextProvider } from "react-router";
import { loadMessages, serverT, type Namespace } from "#app/i18n/catalog.server.ts";
import { localeContext } from "#app/i18n/context.ts";
import type { I18nPayload } from "#app/i18n/useT.ts";
import type { Locale } from "#app/i18n/locales.ts";

/** For loaders: the page's namespaces in the request's language. */
export function i18nFor(context: Readonly<RouterContextProvider>, ns: readonly Namespace[]): I18nPayload {
  const locale = context.get(localeContext);
  return { locale, messages: loadMessages(locale, ns) };
}

export function localeOf(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

/** For loaders and actions: a translator bound to the request's language. */
export function tFor(context: Readonly<RouterContextProvider>) {
  const locale = context.get(localeContext);
  return (key: string, vars?: Record<string, string | number>) => serverT(locale, key, vars);
}
