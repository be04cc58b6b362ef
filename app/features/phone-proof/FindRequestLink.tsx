import { Link, useLocation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { LANG_QUERY } from "#app/i18n/locales.ts";
import styles from "./proof.module.css";

/** "Lost the link to your request? Find it with your phone number" (issue 49 item 4), in the page's language. */
export function FindRequestLink({ centered = false }: { centered?: boolean }) {
  const t = useT();
  const lang = new URLSearchParams(useLocation().search).get(LANG_QUERY);
  const to = lang ? `/find-my-request?${LANG_QUERY}=${encodeURIComponent(lang)}` : "/find-my-request";
  const line = (
    <span data-find-request="">
      {t("proof.findLink.lead")} <Link to={to}>{t("proof.findLink.action")}</Link>
    </span>
  );
  return centered ? <p className={styles.centered}>{line}</p> : line;
}
