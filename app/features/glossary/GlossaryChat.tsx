import { href, Link } from "react-router";
import { Fragment, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "#app/i18n/useT.ts";
import { ChoiceChip } from "#app/ui/Chip.tsx";
import { ConsultCta } from "#app/features/site/ConsultCta.tsx";
import { LogoMark } from "#app/ui/icons.tsx";
import { usePrefersReducedMotion } from "#app/ui/useAutoAdvance.ts";
import { MAX_EXCHANGES, type Glossary, type GlossaryTerm } from "#app/features/glossary/types.ts";
import styles from "./GlossaryChat.module.css";
import page from "#app/ui/Page.module.css";
import { RateItems } from "#app/loans/RateItems.tsx";
import type { RateItemsText } from "#app/loans/disclosure.ts";

const PATH = href("/information-service/loan");
const CALCULATOR = href("/our-products/repayment-calculator");

interface Exchange {
  key: number;
  termId: string;
}

/**
 * The chat-style glossary (spec §2): a chip "asks" its term; the visitor's
 * bubble and the answer are appended to a polite live log, and the new
 * exchange is scrolled into view.
 *
 * Without JavaScript the chips are submit buttons of a GET form: the server
 * renders the conversation from `?term=…` (the earlier terms ride along as
 * hidden fields) and `#latest` scrolls to the newest exchange.
 */
export function GlossaryChat({
  glossary,
  asked,
  rateItems = null,
}: {
  glossary: Glossary;
  asked: string[];
  /** With a 대부중개업 registration: the 대부업법 items beside a description that states the rates (ADR 0056). */
  rateItems?: RateItemsText | null;
}) {
  const t = useT();
  const reducedMotion = usePrefersReducedMotion();
  const terms = useMemo(
    () => new Map<string, GlossaryTerm>(glossary.categories.flatMap((c) => c.terms.map((term) => [term.id, term]))),
    [glossary],
  );
  const withCalculator = useMemo(
    () => new Set(glossary.categories.filter((c) => c.calculator).flatMap((c) => c.terms.map((term) => term.id))),
    [glossary],
  );
  const [exchanges, setExchanges] = useState<Exchange[]>(() => asked.map((termId, key) => ({ key, termId })));
  const nextKey = useRef(asked.length);
  const latest = useRef<HTMLDivElement>(null);
  const appended = useRef(false);

  useEffect(() => {
    if (!appended.current) return;
    appended.current = false;
    latest.current?.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
  }, [exchanges, reducedMotion]);

  function ask(termId: string) {
    appended.current = true;
    setExchanges((list) => [...list, { key: nextKey.current++, termId }].slice(-MAX_EXCHANGES));
  }

  const guide = t("glossary.chat.guide");
  return (
    <div className={page.page}>
      <div role="log" aria-live="polite" aria-label={t("glossary.chat.label")} className={styles.log}>
        <Bubble from="guide" label={guide}>
          <p>{glossary.intro}</p>
        </Bubble>
        {exchanges.map((exchange, i) => {
          const term = terms.get(exchange.termId);
          if (!term) return null;
          const isLatest = i === exchanges.length - 1;
          return (
            <Fragment key={exchange.key}>
              <div ref={isLatest ? latest : undefined} id={isLatest ? "latest" : undefined} className={styles.anchor}>
                <Bubble from="visitor" label={t("glossary.chat.you")}>
                  <p>{term.selected}</p>
                </Bubble>
              </div>
              <Bubble from="guide" label={guide}>
                <p className={styles.term}>{term.term}</p>
                <p>{term.description}</p>
                {term.statesRates ? <RateItems items={rateItems} /> : null}
                {withCalculator.has(term.id) ? (
                  <p>
                    <Link to={CALCULATOR}>{t("glossary.chat.calculator")}</Link>
                  </p>
                ) : null}
              </Bubble>
            </Fragment>
          );
        })}
      </div>

      <form method="get" action={`${PATH}#latest`} className={styles.picker} aria-labelledby="glossary-choose">
        <h2 id="glossary-choose" className={styles.pickerTitle}>
          {t("glossary.chat.choose")}
        </h2>
        {exchanges.map((exchange) => (
          <input key={exchange.key} type="hidden" name="term" value={exchange.termId} />
        ))}
        {glossary.categories.map((category) => (
          <section key={category.id} aria-labelledby={`glossary-${category.id}`} className={styles.category}>
            <h3 id={`glossary-${category.id}`}>{category.label}</h3>
            <div className={styles.chips}>
              {category.terms.map((term) => (
                <ChoiceChip key={term.id} name="term" value={term.id} onChoose={ask}>
                  {term.term}
                </ChoiceChip>
              ))}
            </div>
          </section>
        ))}
      </form>

      <ConsultCta text={t("glossary.cta.text")} button={t("glossary.cta.button")} />
    </div>
  );
}

function Bubble({ from, label, children }: { from: "guide" | "visitor"; label: string; children: React.ReactNode }) {
  return (
    <div className={from === "guide" ? styles.fromGuide : styles.fromVisitor}>
      {from === "guide" ? (
        <span className={styles.avatar} aria-hidden="true">
          <LogoMark size={28} />
        </span>
      ) : null}
      <div className={styles.bubble}>
        <span className="visually-hidden">{label}: </span>
        {children}
      </div>
    </div>
  );
}
