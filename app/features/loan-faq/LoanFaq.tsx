import { href, Link } from "react-router";
import { useState } from "react";
import { useLocale, useT } from "#app/i18n/useT.ts";
import { useNonce } from "#app/nonce.ts";
import { Accordion } from "#app/ui/Accordion.tsx";
import { ConsultCta } from "#app/features/site/ConsultCta.tsx";
import { ChoiceChip } from "#app/ui/Chip.tsx";
import { faqPageJsonLd, scriptJson } from "#app/features/loan-faq/json-ld.ts";
import type { LoanFaq as LoanFaqContent } from "#app/features/loan-faq/types.ts";
import styles from "./LoanFaq.module.css";
import page from "#app/ui/Page.module.css";
import { RateItems } from "#app/loans/RateItems.tsx";
import type { RateItemsText } from "#app/loans/disclosure.ts";

const PATH = href("/information-service/loan-faq");
/** The category whose questions the eligibility check answers for the visitor's own figures (issue 27). */
const ELIGIBILITY_CATEGORY = "eligibility";

/**
 * Category chips and one exclusive accordion per category (spec §2, §4).
 * The chips are submit buttons of a GET form (`?category=`), so they work
 * without JavaScript; with it they switch at once and keep the URL in step.
 * The shown category is described as a schema.org FAQPage.
 */
export function LoanFaq({
  faq,
  initialCategory,
  rateItems = null,
}: {
  faq: LoanFaqContent;
  initialCategory: string;
  /** With a 대부중개업 registration: the 대부업법 items beside an answer that states the rates (ADR 0056). */
  rateItems?: RateItemsText | null;
}) {
  const t = useT();
  const locale = useLocale();
  const nonce = useNonce();
  const [active, setActive] = useState(initialCategory);
  const category = faq.categories.find((c) => c.id === active) ?? faq.categories[0];
  if (!category) return null;

  function select(id: string) {
    setActive(id);
    const url = new URL(window.location.href);
    url.searchParams.set("category", id);
    // The data is already here: keep the address shareable without a navigation.
    window.history.replaceState(window.history.state, "", url);
  }

  return (
    <div className={page.page}>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptJson(faqPageJsonLd(category, locale)) }} />
      <form method="get" action={PATH} className={styles.chips} aria-label={t("loanFaq.categories")}>
        {faq.categories.map((c) => (
          <ChoiceChip
            key={c.id}
            name="category"
            value={c.id}
            pressed={c.id === category.id}
            aria-controls="loan-faq-panel"
            onChoose={select}
          >
            {c.label}
          </ChoiceChip>
        ))}
      </form>
      <section id="loan-faq-panel" aria-labelledby="loan-faq-title" className={styles.panel}>
        <h2 id="loan-faq-title">{category.label}</h2>
        {category.id === ELIGIBILITY_CATEGORY ? (
          <p className={styles.check}>
            <Link to={href("/our-products/eligibility")}>{t("loanFaq.eligibilityCheck")}</Link>
          </p>
        ) : null}
        <Accordion
          name="loan-faq"
          items={category.items.map((item, i) => ({
            id: `${category.id}-${i}`,
            summary: item.q,
            content:
              item.statesRates && rateItems ? (
                <>
                  {item.a}
                  <RateItems items={rateItems} />
                </>
              ) : (
                item.a
              ),
          }))}
        />
      </section>
      <ConsultCta text={t("loanFaq.cta.text")} button={t("loanFaq.cta.button")} />
    </div>
  );
}
