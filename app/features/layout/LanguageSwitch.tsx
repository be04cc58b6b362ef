import { Link, useLocation } from "react-router";
import { useLocale, useT } from "#app/i18n/useT.ts";
import { LOCALES, LOCALE_NATIVE_NAME, LOCALE_SWITCH_LABEL, LANG_QUERY } from "#app/i18n/locales.ts";
import styles from "./LanguageSwitch.module.css";

/**
 * EN · VI · ID · MY · MN as plain links (`?lang=xx`): they work without
 * JavaScript, and the server remembers the choice in the `lang` cookie.
 */
export function LanguageSwitch() {
  const t = useT();
  const current = useLocale();
  const location = useLocation();
  return (
    <nav aria-label={t("common.language.label")} className={styles.switch}>
      <ul>
        {LOCALES.map((locale) => {
          const params = new URLSearchParams(location.search);
          params.set(LANG_QUERY, locale);
          const active = locale === current;
          return (
            <li key={locale}>
              <Link
                to={{ pathname: location.pathname, search: `?${params.toString()}` }}
                lang={locale}
                hrefLang={locale}
                aria-current={active ? "true" : undefined}
                aria-label={LOCALE_NATIVE_NAME[locale]}
                className={active ? styles.active : undefined}
                preventScrollReset
              >
                {LOCALE_SWITCH_LABEL[locale]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
