import type { Location } from "react-router";
import { DEFAULT_LOCALE, isLocale } from "#app/i18n/locales.ts";
import { seoTags } from "#app/web/seo.ts";
import type { BusinessIdentity } from "#app/business/identity.ts";
import type { Brand } from "#app/business/brand.ts";

interface PageLoaderData {
  title?: string;
  description?: string;
}
interface RootLoaderData {
  i18n?: { locale?: string };
  origin?: string;
  business?: BusinessIdentity;
  brand?: Brand;
}

/**
 * A route's `meta`: title, description, canonical and hreflang links, Open
 * Graph / Twitter cards (app/web/seo.ts), from the page's loader data and
 * the root's language and origin.
 */
export function pageMeta({
  loaderData,
  matches,
  location,
}: {
  loaderData?: unknown;
  matches?: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  location: Location;
}) {
  const data = (loaderData ?? {}) as PageLoaderData;
  const root = (matches?.find((m) => m?.id === "root")?.loaderData ?? {}) as RootLoaderData;
  const locale = isLocale(root.i18n?.locale) ? root.i18n.locale : DEFAULT_LOCALE;
  return seoTags({
    title: data.title,
    description: data.description,
    origin: root.origin ?? "",
    pathname: location.pathname,
    locale,
    explicitLocale: isLocale(new URLSearchParams(location.search).get("lang")),
    business: root.business,
    brand: root.brand ?? undefined,
  });
}

/** The business as the root loader read it, for a route's own `meta`. */
export function rootBusiness(matches?: readonly ({ id: string; loaderData?: unknown } | undefined)[]): BusinessIdentity | undefined {
  return (matches?.find((m) => m?.id === "root")?.loaderData as RootLoaderData | undefined)?.business;
}
