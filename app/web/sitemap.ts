import { LOCALES, LOCALE_TAG } from "#app/i18n/locales.ts";
import { languageUrl } from "#app/web/seo.ts";
import { PUBLIC_ROUTES } from "#app/config/public-routes.ts";
import { DEFAULT_MODULES, type BusinessModules } from "#app/business/modules.ts";

/** The public pages search engines should list (completion pages are not), every line of business on. */
export const SITEMAP_PATHS = sitemapPaths(DEFAULT_MODULES);

/** The listed pages, without those of a line of business switched off (issue 47). */
export function sitemapPaths(modules: BusinessModules): string[] {
  return PUBLIC_ROUTES.filter((r) => r.listed && (!r.module || modules[r.module])).map((r) => r.path);
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapXml(origin: string, paths: readonly string[] = SITEMAP_PATHS): string {
  const urls = paths.flatMap((path) =>
    LOCALES.map((locale) => {
      const alternates = [
        ...LOCALES.map(
          (l) => `<xhtml:link rel="alternate" hreflang="${LOCALE_TAG[l]}" href="${escapeXml(languageUrl(origin, path, l))}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(languageUrl(origin, path, null))}"/>`,
      ].join("");
      return `<url><loc>${escapeXml(languageUrl(origin, path, locale))}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
