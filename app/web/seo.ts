import type { BusinessIdentity } from "#app/business/identity.ts";
import { BRAND_UNKNOWN, SHARE_CARD, type Brand } from "#app/business/brand.ts";
import { LOCALES, LOCALE_TAG, type Locale } from "#app/i18n/locales.ts";

/**
 * Search and sharing metadata for a page in one language: title,
 * description, canonical URL, hreflang alternates (each language has its
 * own URL, `?lang=xx`; x-default is the bare path, which picks the visitor's
 * language), Open Graph and Twitter cards (Facebook and KakaoTalk read OG),
 * and the business as schema.org FinancialService where it fits.
 */
const OG_LOCALE: Record<Locale, string> = { en: "en_US", vi: "vi_VN", id: "id_ID", my: "my_MM", mn: "mn_MN" };

/** Paths where the business's structured data belongs. */
const BUSINESS_PAGES = new Set(["/", "/company/about", "/company/location"]);

export function languageUrl(origin: string, pathname: string, locale: Locale | null): string {
  return `${origin}${pathname}${locale ? `?lang=${locale}` : ""}`;
}

/** A page's title with the trading name after it, or the trading name alone. */
export function titleWithBrand(title: string | undefined, business?: BusinessIdentity): string {
  const brand = business?.tradeNameEn ?? "";
  if (!brand) return title ?? "";
  return title ? `${title} | ${brand}` : brand;
}

export function seoTags(input: {
  title?: string;
  description?: string;
  origin: string;
  pathname: string;
  locale: Locale;
  /** The URL named its language (`?lang=`); a bare path is the x-default alternate. */
  explicitLocale?: boolean;
  noindex?: boolean;
  /** Who the business is (the root loader's); without it, the product's name and no structured data. */
  business?: BusinessIdentity;
  /** Its brand (the share card); without it, the fresh install's. */
  brand?: Brand;
}) {
  const business = input.business;
  const title = titleWithBrand(input.title, business);
  // Each alternate is its own canonical: the bare path (x-default, the visitor's language)
  // must not point at a language URL, which search engines read as a conflict.
  const canonical = languageUrl(input.origin, input.pathname, input.explicitLocale === false ? null : input.locale);
  const brand = input.brand ?? BRAND_UNKNOWN;
  const image = `${input.origin}${brand.shareCard}`;
  const tags: Record<string, unknown>[] = [
    { title },
    { tagName: "link", rel: "canonical", href: canonical },
    ...LOCALES.map((locale) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: LOCALE_TAG[locale],
      href: languageUrl(input.origin, input.pathname, locale),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: languageUrl(input.origin, input.pathname, null) },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: business?.tradeNameEn ?? "" },
    { property: "og:title", content: title },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_CARD.width) },
    { property: "og:image:height", content: String(SHARE_CARD.height) },
    { property: "og:locale", content: OG_LOCALE[input.locale] },
    ...LOCALES.filter((l) => l !== input.locale).map((l) => ({ property: "og:locale:alternate", content: OG_LOCALE[l] })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:image", content: image },
  ];
  if (input.description) {
    tags.push(
      { name: "description", content: input.description },
      { property: "og:description", content: input.description },
      { name: "twitter:description", content: input.description },
    );
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  if (business && BUSINESS_PAGES.has(input.pathname)) tags.push({ "script:ld+json": financialService(input.origin, business, brand) });
  return tags;
}

function financialService(origin: string, business: BusinessIdentity, brand: Brand) {
  return {
    "@context": "https://schema.org",
    "@type": "FinancialService",
    name: business.tradeNameEn,
    legalName: business.legalNameEn,
    alternateName: business.legalNameKo,
    url: `${origin}/`,
    logo: `${origin}${brand.favicon}`,
    image: `${origin}${brand.shareCard}`,
    telephone: business.phone,
    email: business.email,
    address: { "@type": "PostalAddress", streetAddress: business.addressEn, addressCountry: "KR" },
    geo: { "@type": "GeoCoordinates", latitude: business.lat, longitude: business.lng },
    areaServed: "KR",
    // FinancialService has no availableLanguage of its own: the languages are those its contact point answers in.
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: business.phone,
      email: business.email,
      availableLanguage: ["en", "vi", "id", "my", "mn", "ko"],
    },
  };
}
