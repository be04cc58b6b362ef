import { useT } from "#app/i18n/useT.ts";
import { PageHeading } from "#app/ui/PageHeading.tsx";
import { usePageTitle } from "#app/features/site/PageTitle.tsx";
import styles from "./company.module.css";

/** A lender as the partners page shows it: the live products' lenders (app/loans/lenders.server.ts). */
export interface PartnerLender {
  id: number;
  name: string;
  legalName: string;
  logo: string | null;
  products: string[];
}

/**
 * /company/our-partners (spec §2): the financial companies whose products
 * are live, each with its logo (or its name, when the business has none) and
 * the products offered for it. The list is the one every other surface names
 * (issue 47): no partner is written in code.
 */
export function PartnersPage({ lenders }: { lenders: readonly PartnerLender[] }) {
  const t = useT();
  const title = usePageTitle();
  return (
    <article className={styles.page}>
      <PageHeading subtitle={t("company.partners.lead")}>{title}</PageHeading>
      {lenders.length === 0 ? <p className={styles.section}>{t("company.partners.none")}</p> : null}
      <ul className={styles.partners}>
        {lenders.map((lender, index) => (
          <li key={lender.id}>
            <figure className={styles.partner}>
              {lender.logo ? (
                <img src={lender.logo} width={640} height={320} alt="" loading={index === 0 ? "eager" : "lazy"} decoding="async" />
              ) : null}
              <figcaption>
                <strong>{lender.name}</strong>
                {lender.name !== lender.legalName ? <span lang="ko">{lender.legalName}</span> : null}
                <span>{lender.products.join(" · ")}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <section className={styles.section}>
        <p className={styles.notice}>{t("company.partners.notice")}</p>
      </section>
    </article>
  );
}
