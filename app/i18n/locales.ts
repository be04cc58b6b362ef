/** The languages of the site. Order is the order of the language switch. */
export const LOCALES = ["en", "vi", "id", "my", "mn"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** localStorage key holding the visitor's choice (spec §3, §4); the `lang` cookie mirrors it (app/lib/cookie-names.ts). */
export const LANG_STORAGE_KEY = "lang";
export const LANG_QUERY = "lang";

/** Labels of the language switch (spec §2: EN, VI, ID, MY, plus MN). */
export const LOCALE_SWITCH_LABEL: Record<Locale, string> = { en: "EN", vi: "VI", id: "ID", my: "MY", mn: "MN" };

/** The language's own name, for screen readers and `hreflang` menus. */
export const LOCALE_NATIVE_NAME: Record<Locale, string> = {
  en: "English",
  vi: "Tiếng Việt",
  id: "Bahasa Indonesia",
  my: "မြန်မာဘာသာ",
  mn: "Монгол хэл",
};

/** BCP 47 tags for Intl formatting and `<html lang>`. */
export const LOCALE_TAG: Record<Locale, string> = { en: "en", vi: "vi", id: "id", my: "my", mn: "mn" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
