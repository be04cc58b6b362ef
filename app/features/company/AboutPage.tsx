import { href } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { useBusiness } from "#app/business/useBusiness.ts";
import { brokerRegistration } from "#app/business/identity.ts";
import { PageHeading } from "#app/ui/PageHeading.tsx";
import { usePageTitle } from "#app/features/site/PageTitle.tsx";
import { ButtonLink } from "#app/ui/Button.tsx";
import { CheckIcon, GlobeIcon, ReceiptIcon, ShieldIcon } from "#app/ui/icons.tsx";
import styles from "./company.module.css";

const WHAT_WE_DO = ["explain", "prepare", "connect"] as const;
const WHY = [
  { key: "regulated", Icon: ShieldIcon },
  { key: "fair", Icon: ReceiptIcon },
  { key: "language", Icon: GlobeIcon },
] as const;

/** /company/about (spec §2): what we do, why the bank, three items. */
export function AboutPage() {
  const t = useT();
  const registration = brokerRegistration(useBusiness());
  const title = usePageTitle();
  return (
    <article className={styles.page}>
      <PageHeading subtitle={t("company.about.lead")}>{title}</PageHeading>

      <section className={styles.section} aria-labelledby="about-what">
        <h2 id="about-what" className={styles.h2}>
          {t("company.about.whatWeDo.title")}
        </h2>
        <p>{t("company.about.whatWeDo.body")}</p>
        <ul className={styles.checks}>
          {WHAT_WE_DO.map((key) => (
            <li key={key}>
              <CheckIcon size={20} className={styles.checkIcon} />
              <span>{t(`company.about.whatWeDo.points.${key}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="about-why">
        <h2 id="about-why" className={styles.h2}>
          {t("company.about.why.title")}
        </h2>
        <p>{t("company.about.why.body")}</p>
        <ol className={styles.cards}>
          {WHY.map(({ key, Icon }) => (
            <li key={key} className={styles.card}>
              <span className={styles.cardIcon}>
                <Icon size={20} />
              </span>
              <h3 className={styles.h3}>{t(`company.about.why.items.${key}.title`)}</h3>
              <p>{t(`company.about.why.items.${key}.body`, { date: registration?.date ?? "", number: registration?.number ?? "" })}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section}>
        <p className={styles.notice}>{t("company.about.notice")}</p>
        <div className={styles.actions}>
          <ButtonLink to={href("/loan-consultation")} block>
            {t("company.about.cta")}
          </ButtonLink>
          <ButtonLink to={href("/information-service/loan-faq")} variant="secondary" block>
            {t("company.about.faq")}
          </ButtonLink>
        </div>
      </section>
    </article>
  );
}
