import { useT } from "#app/i18n/useT.ts";
import { PageHeading } from "#app/ui/PageHeading.tsx";
import { usePageTitle } from "#app/features/site/PageTitle.tsx";
import { ProposalForm } from "#app/features/company/ProposalForm.tsx";
import type { FormResult } from "#app/lib/form-result.ts";
import styles from "./company.module.css";

/** /company/contact-us (spec §2): the partnership proposal form. */
export function ContactPage({ result }: { result?: FormResult }) {
  const t = useT();
  const title = usePageTitle();
  return (
    <article className={styles.page}>
      <PageHeading subtitle={t("company.contact.lead")}>{title}</PageHeading>
      <section className={styles.section} aria-labelledby="proposal-title">
        <h2 id="proposal-title" className={styles.h2}>
          {t("company.contact.title")}
        </h2>
        <p className={styles.muted}>{t("company.contact.intro")}</p>
        <ProposalForm result={result} />
      </section>
    </article>
  );
}
