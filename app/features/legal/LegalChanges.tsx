import { Link, useLocation } from "react-router";
import { useT, type TFunction } from "#app/i18n/useT.ts";
import { addDays } from "#app/lib/iso-day.ts";
import { policyVersionLink, type LegalChange, type LegalView, type VersionDates } from "#app/features/legal/links.ts";
import styles from "./LegalChanges.module.css";

/** The last day a version is in force: the day before the next one's date. */
const lastDay = (until: string) => addDays(until, -1);

/** A date as the server wrote it out in the page's language (LegalView.days; issue 50, X3), else as stored. */
const written = (days: Readonly<Record<string, string>>, day: string) => days[day] ?? day;

/** A version as the modal's list names it: its dates, and whether it is in force, past or coming. */
export function versionLabel(t: TFunction, v: VersionDates, count: number, days: Readonly<Record<string, string>> = {}): string {
  const date = written(days, v.date);
  if (v.state === "coming") return t("site.legal.versionComing", { date });
  if (v.state === "past" && v.until) return t("site.legal.versionPast", { date, until: written(days, lastDay(v.until)) });
  return count > 1 ? t("site.legal.versionCurrent", { date }) : date;
}

/**
 * The notice of coming changes (spec §9: 7 days before a change to the terms
 * or a policy, 30 for a significant one): one dated line per document with a
 * version scheduled, linked to the new text, above the footer of every page.
 */
export function LegalChanges({ changes }: { changes: readonly LegalChange[] }) {
  const t = useT();
  const location = useLocation();
  if (!changes.length) return null;
  return (
    <aside className={styles.changes} aria-label={t("site.legal.changesLabel")}>
      {changes.map((change) => (
        <p key={change.kind}>
          {t("site.legal.changeNotice", { title: t(`site.legal.titles.${change.kind}`), date: change.day ?? change.date })}{" "}
          <Link to={policyVersionLink(location, change.kind, change.date)} preventScrollReset>
            {t("site.legal.readNew")}
          </Link>
        </p>
      ))}
    </aside>
  );
}

/** Under the modal's title: where the version shown stands, with a link to the other one a reader wants. */
export function VersionLine({
  view,
  versionHref,
}: {
  view: Extract<LegalView, { found: true }>;
  versionHref: (date: string | null) => string;
}) {
  const t = useT();
  const shown = view.versions.find((v) => v.date === view.version);
  let text: string | null = null;
  let link: { to: string; label: string } | null = null;
  if (view.state === "current" && view.coming) {
    text = t("site.legal.comingNotice", { date: written(view.days, view.coming.date) });
    link = { to: versionHref(view.coming.date), label: t("site.legal.readNew") };
  } else if (view.state === "coming") {
    text = t("site.legal.comingState", { date: written(view.days, view.version) });
    link = { to: versionHref(null), label: t("site.legal.readCurrent") };
  } else if (view.state === "past" && shown?.until) {
    text = t("site.legal.pastState", { date: written(view.days, view.version), until: written(view.days, lastDay(shown.until)) });
    link = { to: versionHref(null), label: t("site.legal.readCurrent") };
  }
  if (!text || !link) return null;
  return (
    <p className={styles.line}>
      {text}{" "}
      <Link to={link.to} replace preventScrollReset>
        {link.label}
      </Link>
    </p>
  );
}
