import { LOCALES, LOCALE_TAG } from "~/i18n/locales";
import { languageUrl } from "./seo";

/** The public pages of spec §2 that search engines should list (completion pages are not). */
export const SITEMAP_PATHS = [
  "/",
  "/company/about",
  "/company/our-partners",
  "/company/contact-us",
  "/company/location",
  "/company/hitachi",
  "/our-products/loan",
  "/our-products/mobile",
  "/our-products/insurance",
  "/information-service/loan",
  "/information-service/loan-faq",
  "/information-service/job-opportunities",
  "/information-service/visa",
  "/information-service/news",
  "/information-service/social-channels",
  "/information-service/blogs",
  "/information-service/currency-exchange",
  "/loan-consultation",
];

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapXml(origin: string): string {
  const urls = SITEMAP_PATHS.flatMap((path) =>
    LOCALES.map((locale) => {
      const alternates = [
        ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LOCALE_TAG[l]}" href="${escapeXml(languageUrl(origin, path, l))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(languageUrl(origin, path, null))}"/>`,
      ].join("");
      return `<url><loc>${escapeXml(languageUrl(origin, path, locale))}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
