import { DEFAULT_LOCALE, isLocale, type Locale } from "#app/i18n/locales.ts";

/**
 * Long texts (`content/<lang>/<name>.json`) by language. The caller passes its
 * own `import.meta.glob` result (Vite needs a literal pattern per call site);
 * this turns it into a lookup that answers the request's language only.
 */
export function contentByLocale<T>(files: Record<string, { default: T }>, name: string): (locale: Locale) => T {
  const byLocale = new Map<Locale, T>();
  for (const [path, mod] of Object.entries(files)) {
    const match = new RegExp(`/content/([^/]+)/${name}\\.json$`).exec(path);
    if (match && isLocale(match[1])) byLocale.set(match[1], mod.default);
  }
  return (locale) => {
    const content = byLocale.get(locale) ?? byLocale.get(DEFAULT_LOCALE);
    if (!content) throw new Error(`missing content ${name} (${locale})`);
    return content;
  };
}
