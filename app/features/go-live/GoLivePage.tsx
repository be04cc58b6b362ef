import { Link } from "react-router";
import { useAdminT } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { Button } from "#app/ui/Button.tsx";
import type { Finding, GoLiveArea } from "#app/features/go-live/finding.ts";
import admin from "#app/features/console/console.module.css";
import styles from "./go-live.module.css";

/** The one post of the page: "Send a test alert now". */
export const TEST_ALERTS_INTENT = "test_alerts";

const AREAS: GoLiveArea[] = [
  "identity",
  "brand",
  "certificate",
  "ads",
  "claims",
  "legal",
  "public",
  "deployment",
  "alerts",
  "backup",
  "privacy",
];

/**
 * The go-live check in the console (issue 36, item 4; administrators): what
 * is still a sample or missing, by area, each with where it is fixed; the
 * sample values a visitor still reads, with the pages and languages (issue
 * 47, item 6). The same list as `npm run golive:check`, which asks this
 * server; the test alert is sent on the button (and by every script run).
 */
export function GoLivePage({ findings, alertsTested }: { findings: Finding[]; alertsTested: boolean }) {
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
      <section className={admin.card} aria-labelledby="golive-test-alerts">
        <h2 id="golive-test-alerts" className={admin.subtitle}>
          {t("golive.testAlerts.title")}
        </h2>
        <p className={admin.muted}>{alertsTested ? t("golive.testAlerts.done") : t("golive.testAlerts.hint")}</p>
        <PostForm intent={TEST_ALERTS_INTENT}>
          <Button type="submit">{t("golive.testAlerts.send")}</Button>
        </PostForm>
      </section>
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
                  {f.places?.length ? (
                    <ul className={styles.places}>
                      {f.places.map((p) => (
                        <li key={p.page}>
                          <code>{p.page}</code> ({p.langs.join(", ")}): <q>{p.excerpt}</q>
                        </li>
                      ))}
                      {f.morePlaces ? <li>{t("golive.morePlaces", { count: f.morePlaces })}</li> : null}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
