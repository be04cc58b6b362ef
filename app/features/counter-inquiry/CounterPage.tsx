import { useT } from "#app/i18n/useT.ts";
import { site, telHref } from "#app/config/site.ts";
import { PageHeading } from "#app/ui/PageHeading.tsx";
import { usePageTitle } from "#app/features/site/PageTitle.tsx";
import { Accordion } from "#app/ui/Accordion.tsx";
import { buttonClass } from "#app/ui/Button.tsx";
import { PhoneIcon } from "#app/ui/icons.tsx";
import { InquiryForm } from "#app/features/counter-inquiry/InquiryForm.tsx";
import type { FormResult } from "#app/lib/form-result.ts";
import styles from "./counter.module.css";

const FAQ = ["photos", "purchase"] as const;
const INQUIRY_ANCHOR = "counter-inquiry";

/**
 * /company/hitachi (spec §2): cash counter iH-110S sales and after-service,
 * for Korean businesses, so in Korean whatever the site language: a call
 * button, an inquiry button, a two-item FAQ and the inquiry form.
 */
export function CounterPage({ result }: { result?: FormResult }) {
  const t = useT();
  const title = usePageTitle();
  return (
    <article lang="ko" className={styles.page}>
      <PageHeading subtitle={t("counter.hero.lead", { model: site.counter.model })}>{title}</PageHeading>
      <section className={styles.hero}>
        <img
          src="/images/counter/ih-110s.svg"
          width={320}
          height={200}
          alt={t("counter.hero.imageAlt", { model: site.counter.model })}
          className={styles.heroImage}
          fetchPriority="high"
        />
        <p className={styles.model}>{t("counter.hero.model", { model: site.counter.model })}</p>
        <p>{t("counter.hero.body")}</p>
        <ul className={styles.services}>
          <li>{t("counter.hero.services.sales")}</li>
          <li>{t("counter.hero.services.repair")}</li>
          <li>{t("counter.hero.services.consult")}</li>
        </ul>
        <div className={styles.actions}>
          <a href={telHref(site.counter.salesPhone)} className={buttonClass("primary", true)}>
            <PhoneIcon size={20} />
            {t("counter.actions.call", { phone: site.counter.salesPhone })}
          </a>
          <a href={`#${INQUIRY_ANCHOR}`} className={buttonClass("secondary", true)}>
            {t("counter.actions.inquiry")}
          </a>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="counter-faq">
        <h2 id="counter-faq" className={styles.h2}>
          {t("counter.faq.title")}
        </h2>
        <Accordion
          name="counter-faq"
          items={FAQ.map((key) => ({
            id: key,
            summary: t(`counter.faq.items.${key}.q`),
            content: t(`counter.faq.items.${key}.a`),
          }))}
        />
      </section>

      <section id={INQUIRY_ANCHOR} className={styles.section} aria-labelledby="counter-form-title" tabIndex={-1}>
        <h2 id="counter-form-title" className={styles.h2}>
          {t("counter.form.title")}
        </h2>
        <p className={styles.muted}>{t("counter.form.intro")}</p>
        <InquiryForm result={result} />
      </section>
    </article>
  );
}
