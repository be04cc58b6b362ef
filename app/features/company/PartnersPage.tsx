import { useT } from "#app/i18n/useT.ts";
import { site } from "#app/config/site.ts";
import { PageHeading } from "#app/ui/PageHeading.tsx";
import { usePageTitle } from "#app/features/site/PageTitle.tsx";
import styles from "./company.module.css";

/** /company/our-partners (spec §2): the three partner financial companies, as images. */
export function PartnersPage() {
  const t = useT();
  const title = usePageTitle();
  return (
    <article className={styles.page}>
      <PageHeading subtitle={t("company.partners.lead")}>{title}</PageHeading>
      <ul className={styles.partners}>
        {site.partners.map((partner, index) => (
          <li key={partner.key}>
            <figure className={styles.partner}>
              <img
                src={partner.image}
                width={partner.width}
                height={partner.height}
                alt={partner.name}
                loading={index === 0 ? "eager" : "lazy"}
                decoding="async"
              />
              <figcaption>
                <strong>{partner.name}</strong>
                <span>{t(`company.partners.items.${partner.key}`)}</span>
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
