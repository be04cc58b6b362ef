import { Link } from "react-router";
import { useAdminT } from "#app/features/console/i18n.ts";
import { Notice, PageTitle } from "#app/features/console/parts.tsx";
import type { Finding, GoLiveArea } from "#app/features/go-live/checks.server.ts";
import admin from "#app/features/console/console.module.css";
import styles from "./go-live.module.css";

const AREAS: GoLiveArea[] = ["identity", "brand", "certificate", "ads", "claims", "legal", "deployment", "backup"];

/**
 * The go-live check in the console (issue 36, item 4; administrators): what
 * is still a sample or missing, by area, each with where it is fixed. The
 * same list as `npm run golive:check`.
 */
export function GoLivePage({ findings }: { findings: Finding[] }) {
  const t = useAdminT();
  return (
    <>
      <PageTitle>{t("golive.title")}</PageTitle>
      <p className={admin.muted}>{t("golive.intro")}</p>
      {findings.length === 0 ? (
        <Notice tone="ok">{t("golive.ready")}</Notice>
      ) : (
        <Notice tone="error">{t("golive.left", { count: findings.length })}</Notice>
      )}
      {AREAS.map((area) => {
        const items = findings.filter((f) => f.area === area);
        if (!items.length) return null;
        return (
          <section key={area} className={admin.card} aria-labelledby={`golive-${area}`}>
            <h2 id={`golive-${area}`} className={admin.subtitle}>
              {t(`golive.area.${area}`)}
            </h2>
            <ul className={styles.list}>
              {items.map((f, i) => (
                <li key={i}>
                  <span>{t(f.what, { field: f.field ? t(f.field) : "", detail: f.detail ?? "" })}</span>{" "}
                  {f.fix.startsWith("/") ? (
                    <Link to={f.fix}>{t("golive.fixHere")}</Link>
                  ) : (
                    <span className={admin.muted}>{t("golive.fixGuide", { where: f.fix })}</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
