import { data, type RouterContextProvider } from "react-router";
import { i18nFor, tFor } from "#app/i18n/route.server.ts";
import type { Namespace } from "#app/i18n/catalog.server.ts";

/**
 * What every page loader returns at least: its strings (the namespaces it
 * renders, in the request's language) and its translated title and
 * description from the server-only `pages` catalog (never sent to the browser).
 */
export function pageData(context: Readonly<RouterContextProvider>, ns: readonly Namespace[], page: string) {
  const t = tFor(context);
  return {
    i18n: i18nFor(context, ns),
    title: t(`pages.${page}.title`),
    description: t(`pages.${page}.description`),
  };
}

/**
 * The site's not-found page's data, with status 404: for an unknown path
 * (routes/not-found.tsx) and for a page of a line of business switched off
 * (issue 47), which then renders `<NotFound />` in place of its own.
 */
export function notFoundData(context: Readonly<RouterContextProvider>) {
  return data({ ...pageData(context, [], "notFound"), notFound: true as const }, { status: 404 });
}
