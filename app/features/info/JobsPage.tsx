import { useT } from "#app/i18n/useT.ts";
import { StaticChip } from "#app/ui/Chip.tsx";
import type { JobsContent } from "#app/features/info/jobs.server.ts";
import styles from "./JobsPage.module.css";
import page from "#app/ui/Page.module.css";

/** The three Korean words of the page (spec §2: Korean chips, not interactive). */
const CHIPS = ["eps", "contract", "wage"] as const;

/** /information-service/job-opportunities: a terms-style article. */
export function JobsPage({ content }: { content: JobsContent }) {
  const t = useT();
  return (
    <article className={page.page}>
      <ul className={styles.chips} aria-label={t("info.jobs.chipsLabel")}>
        {CHIPS.map((chip) => (
          <li key={chip}>
            <StaticChip lang="ko">{t(`info.jobs.chips.${chip}`)}</StaticChip>
          </li>
        ))}
      </ul>
      <p className={styles.intro}>{content.intro}</p>
      <ol className={styles.sections}>
        {content.sections.map((section) => (
          <li key={section.id}>
            <h2 id={`jobs-${section.id}`}>{section.title}</h2>
            <p>{section.body}</p>
          </li>
        ))}
      </ol>
      <p className={styles.note}>{content.note}</p>
    </article>
  );
}
