import { useT } from "~/i18n/useT";
import { site } from "~/config/site";
import { PageHeading } from "~/ui/PageHeading";
import { ButtonLink } from "~/ui/Button";
import { CheckIcon, GlobeIcon, PhoneIcon } from "~/ui/icons";
import styles from "./company.module.css";

const WHAT_WE_DO = ["explain", "prepare", "connect"] as const;
const WHY = [
  { key: "regulated", Icon: CheckIcon },
  { key: "fair", Icon: PhoneIcon },
  { key: "language", Icon: GlobeIcon },
] as const;

/** /company/about (spec §2): what we do, why the bank, three items. */
export function AboutPage() {
  const t = useT();
  return (
    <article className={styles.page}>
      <PageHeading subtitle={t("company.about.lead")}>{t("common.pages.companyAbout.title")}</PageHeading>

      <section className={styles.section} aria-labelledby="about-what">
        <h2 id="about-what" className={styles.h2}>{t("company.about.whatWeDo.title")}</h2>
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
        <h2 id="about-why" className={styles.h2}>{t("company.about.why.title")}</h2>
        <p>{t("company.about.why.body")}</p>
        <ol className={styles.cards}>
          {WHY.map(({ key, Icon }) => (
            <li key={key} className={styles.card}>
              <span className={styles.cardIcon}><Icon size={22} /></span>
              <h3 className={styles.h3}>{t(`company.about.why.items.${key}.title`)}</h3>
              <p>{t(`company.about.why.items.${key}.body`, { date: site.brokerRegistrationDate, number: site.brokerRegistrationNumber })}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section}>
        <p className={styles.notice}>{t("company.about.notice")}</p>
        <div className={styles.actions}>
          <ButtonLink to="/loan-consultation" block>{t("company.about.cta")}</ButtonLink>
          <ButtonLink to="/information-service/loan-faq" variant="secondary" block>{t("company.about.faq")}</ButtonLink>
        </div>
      </section>
    </article>
  );
}
