import { useT } from "~/i18n/useT";
import { PageHeading } from "~/ui/PageHeading";
import { usePageTitle } from "~/features/layout/PageTitle";
import { ProposalForm } from "./ProposalForm";
import type { ProposalActionData } from "./proposal.server";
import styles from "./company.module.css";

/** /company/contact-us (spec §2): the partnership proposal form. */
export function ContactPage({ submissionId, result }: { submissionId: string; result?: ProposalActionData }) {
  const t = useT();
  const title = usePageTitle();
  return (
    <article className={styles.page}>
      <PageHeading subtitle={t("company.contact.lead")}>{title}</PageHeading>
      <section className={styles.section} aria-labelledby="proposal-title">
        <h2 id="proposal-title" className={styles.h2}>{t("company.contact.title")}</h2>
        <p className={styles.muted}>{t("company.contact.intro")}</p>
        <ProposalForm submissionId={submissionId} result={result} />
      </section>
    </article>
  );
}
