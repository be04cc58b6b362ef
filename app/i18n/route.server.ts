import type { RouterContextProvider } from "react-router";
import { loadMessages, serverT, type Namespace } from "./catalog.server";
import { localeContext } from "./context";
import type { I18nPayload } from "./useT";
import type { Locale } from "./locales";

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
