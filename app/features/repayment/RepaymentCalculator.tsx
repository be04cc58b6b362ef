import { href } from "react-router";
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useLocale, useT, type TFunction } from "#app/i18n/useT.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { Button } from "#app/ui/Button.tsx";
import { RadioGroup, TextField } from "#app/ui/Field.tsx";
import {
  CALCULATOR_FIELDS,
  GENERAL_OFFER,
  defaultMethod,
  queryFromValues,
  readCalculator,
  type CalculatorField,
  type CalculatorOffer,
  type CalculatorValues,
} from "#app/features/repayment/schema.ts";
import {
  answerFitsProduct,
  calculatorAnswer,
  DSR_CEILING,
  STAY_MONTHS_AFTER_LOAN,
  type CalculatorAnswer,
} from "#app/features/repayment/answer.ts";
import type { ProductFit } from "#app/loans/product-fit.ts";
import type { DisclosureText, RateItemsText } from "#app/loans/disclosure.ts";
import { Disclosure } from "#app/loans/Disclosure.tsx";
import type { Schedule } from "#app/features/repayment/schedule.ts";
import { formatDay, formatShare, formatWon } from "#app/features/repayment/format.ts";
import { scheduleRowsHtml } from "#app/features/repayment/schedule-rows.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import styles from "./RepaymentCalculator.module.css";
import page from "#app/ui/Page.module.css";
import { ColumnHeads } from "#app/ui/Table.tsx";
import { RateItems } from "#app/loans/RateItems.tsx";

export const CALCULATOR_PATH = href("/our-products/repayment-calculator");

/**
 * The repayment calculator (issue 27): a GET form whose fields are the query
 * string. The server renders the answer of the URL it was asked (no
 * JavaScript needed); with JavaScript the answer follows the fields as the
 * visitor types (from the same schema and schedule code) and the address bar
 * follows too, so the answer can be bookmarked and shared. It offers the
 * terms and methods of the live products (`offer`), or says that it is plain
 * arithmetic when none is live (issue 35).
 */
export function RepaymentCalculator({
  initial,
  asked,
  today,
  offer = GENERAL_OFFER,
  figures = null,
  rateItems = null,
  ad = null,
}: {
  initial: CalculatorValues;
  asked: boolean;
  today: string;
  offer?: CalculatorOffer;
  /** What the live products lend, as finished sentences after the amount's and the rate's hints; null when nothing is live. */
  figures?: { amount: string; rate: string } | null;
  /** With a 대부중개업 registration: the 대부업법 items beside the rate hint's figures, right under the form (ADR 0056). */
  rateItems?: RateItemsText | null;
  /**
   * The product a link named (`product=`): its disclosure, shown under the answer only while the
   * figures fit the product (review N2) — the same rule the loader applied to the server's HTML.
   */
  ad?: { text: DisclosureText; fit: ProductFit } | null;
}) {
  const t = useT();
  const locale = useLocale();
  // No method in the URL means equal payments (when offered): the radio shows it, and the address bar will say it.
  const [values, setValues] = useState(() => ({ ...initial, method: initial.method || defaultMethod(offer) }));
  // Messages show for the fields the visitor has changed, and for all of them once a form was sent.
  const [touched, setTouched] = useState<ReadonlySet<CalculatorField>>(() => new Set(asked ? CALCULATOR_FIELDS : []));
  // Typing stays quick on a slow phone: a 360-row schedule renders after the keystroke, not in it.
  const shown = useDeferredValue(values);
  const reading = useMemo(() => readCalculator(shown, offer), [shown, offer]);
  const edited = touched.size > 0 && !asked;
  // The empty form may come from the shared page cache: once the visitor types, the browser's own date (in Korea) counts.
  const day = edited ? todayInSeoul() : today;
  const answer = useMemo(() => (reading.success ? calculatorAnswer(reading.input, day) : null), [reading, day]);
  const errors = reading.success ? {} : reading.errors;
  const terms = { min: offer.term.min, max: offer.term.max };
  const error = (field: CalculatorField) => (touched.has(field) && errors[field] ? t(errors[field], terms) : undefined);
  const answerHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (touched.size === 0) return;
    const params = new URLSearchParams(window.location.search);
    for (const field of CALCULATOR_FIELDS) params.delete(field);
    const query = [params.toString(), queryFromValues(shown)].filter(Boolean).join("&");
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  }, [shown, touched.size]);

  function edit(field: CalculatorField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }
  const change = (field: CalculatorField) => (event: ChangeEvent<HTMLInputElement>) => edit(field, event.target.value);

  function submit(event: FormEvent<HTMLFormElement>) {
    // The answer is already on the page: show every message, then take the visitor to it.
    event.preventDefault();
    setTouched(new Set(CALCULATOR_FIELDS));
    if (reading.success) answerHeading.current?.focus();
  }

  return (
    <div className={`${page.page} ${page.stack}`}>
      <p className={page.intro}>{t("calculator.intro")}</p>
      <p className={styles.offer} data-calculator-offer={offer.source}>
        {t(offer.source === "products" ? "calculator.offer.products" : "calculator.offer.general")}
      </p>
      <form method="get" action={CALCULATOR_PATH} className={styles.form} onSubmit={submit} noValidate>
        {(["amount", "rate", "months"] as const).map((field) => (
          <TextField
            key={field}
            name={field}
            label={t(`calculator.fields.${field}`)}
            hint={[t(`calculator.hints.${field}`, terms), field === "months" ? null : figures?.[field]].filter(Boolean).join(" ")}
            inputMode={field === "rate" ? "decimal" : "numeric"}
            autoComplete="off"
            value={values[field]}
            onChange={change(field)}
            error={error(field)}
            required
            requiredLabel={t("calculator.required")}
          />
        ))}
        <RadioGroup
          legend={t("calculator.fields.method")}
          name="method"
          stacked
          value={(offer.methods as readonly string[]).includes(values.method) ? values.method : ""}
          onChange={(method) => edit("method", method)}
          error={error("method")}
          options={offer.methods.map((method) => ({
            value: method,
            label: (
              <>
                <span className={styles.methodName}>{t(`calculator.methods.${method}.name`)}</span>
                <span className={styles.methodText}>{t(`calculator.methods.${method}.text`)}</span>
                {offer.byMethod[method] ? (
                  <span className={styles.methodText}>
                    {t("calculator.offer.offeredWith", { products: (offer.byMethod[method] ?? []).join(", ") })}
                  </span>
                ) : null}
              </>
            ),
          }))}
        />
        {(["expiry", "income"] as const).map((field) => (
          <TextField
            key={field}
            name={field}
            label={t(`calculator.fields.${field}`)}
            hint={t(`calculator.hints.${field}`, { months: STAY_MONTHS_AFTER_LOAN })}
            inputMode="numeric"
            autoComplete="off"
            placeholder={field === "expiry" ? t("calculator.placeholders.expiry") : undefined}
            value={values[field]}
            onChange={change(field)}
            error={error(field)}
          />
        ))}
        <Button type="submit" block>
          {t("calculator.submit")}
        </Button>
      </form>
      {figures ? <RateItems items={rateItems} /> : null}

      {answer ? <Answer answer={answer} locale={locale} t={t} headingRef={answerHeading} /> : null}
      <Terms t={t} />
      {ad && answer && reading.success && answerFitsProduct(ad.fit, reading.input, answer) ? <Disclosure text={ad.text} /> : null}
    </div>
  );
}

function Answer({
  answer,
  locale,
  t,
  headingRef,
}: {
  answer: CalculatorAnswer;
  locale: Locale;
  t: TFunction;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const won = (amount: number) => t("calculator.won", { amount: formatWon(locale, amount) });
  const { schedule, stay, income } = answer;
  return (
    <section aria-labelledby="calculator-answer" className={styles.answer}>
      <h2 id="calculator-answer" ref={headingRef} tabIndex={-1}>
        {t("calculator.answer.title")}
      </h2>
      <div aria-live="polite">
        {stay.kind === "not-given" ? (
          <p className={styles.note}>
            {t("calculator.stay.notGiven", { date: formatDay(stay.mustLastUntil), months: STAY_MONTHS_AFTER_LOAN })}
          </p>
        ) : stay.kind === "capped" ? (
          <p className={styles.warning}>
            {t("calculator.stay.capped", {
              date: formatDay(stay.expiry),
              months: STAY_MONTHS_AFTER_LOAN,
              count: stay.maxMonths,
              asked: stay.askedMonths,
            })}
          </p>
        ) : stay.kind === "none" ? (
          <p className={styles.warning}>{t("calculator.stay.none", { date: formatDay(stay.expiry), months: STAY_MONTHS_AFTER_LOAN })}</p>
        ) : (
          <p className={styles.note}>
            {t("calculator.stay.fits", { date: formatDay(stay.expiry), months: STAY_MONTHS_AFTER_LOAN, count: stay.maxMonths })}
          </p>
        )}
        {schedule ? (
          <dl className={styles.figures}>
            {schedule.firstPayment === schedule.lastPayment ? (
              <Figure label={t("calculator.answer.monthly")} value={won(schedule.firstPayment)} strong />
            ) : (
              <>
                <Figure label={t("calculator.answer.first")} value={won(schedule.firstPayment)} strong />
                <Figure label={t("calculator.answer.last")} value={won(schedule.lastPayment)} />
              </>
            )}
            <Figure label={t("calculator.answer.totalInterest")} value={won(schedule.totalInterest)} />
            <Figure label={t("calculator.answer.totalRepaid")} value={won(schedule.totalRepaid)} />
          </dl>
        ) : null}
        {income ? (
          <p className={income.overCeiling ? styles.warning : styles.note}>
            {t("calculator.income.share", {
              payment: won(income.averagePayment),
              share: formatShare(locale, income.share),
              income: won(income.monthlyIncome),
            })}
            {income.overCeiling ? ` ${t("calculator.income.over", { ceiling: formatShare(locale, DSR_CEILING) })}` : null}
          </p>
        ) : null}
      </div>
      {schedule ? <ScheduleTable schedule={schedule} locale={locale} t={t} /> : null}
      <details className={styles.rule}>
        <summary>{t("calculator.rule.title")}</summary>
        <p>{t("calculator.rule.text")}</p>
      </details>
    </section>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? styles.figureStrong : styles.figure}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Rough height of a row, so the table's space is kept while it is not rendered (content-visibility). */
const ROW_HEIGHT_PX = 37;

/**
 * The whole schedule as one plain table, in a region that scrolls sideways on
 * a narrow phone. Its body is one HTML string (schedule-rows.ts), not 1,800
 * React elements to hydrate and compare; off screen the table is skipped by
 * layout and paint (content-visibility), so a 360-month schedule costs little
 * until it is scrolled to.
 */
const ScheduleTable = memo(function ScheduleTable({ schedule, locale, t }: { schedule: Schedule; locale: Locale; t: TFunction }) {
  const rows = useMemo(() => ({ __html: scheduleRowsHtml(schedule, locale) }), [schedule, locale]);
  return (
    <div
      className={styles.tableScroll}
      role="region"
      aria-labelledby="calculator-schedule"
      // A region that scrolls sideways must be reachable with the keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      style={{ containIntrinsicSize: `auto ${(schedule.rows.length + 2) * ROW_HEIGHT_PX}px` }}
    >
      <table className={styles.table}>
        <caption id="calculator-schedule">{t("calculator.table.caption", { count: schedule.rows.length })}</caption>
        <ColumnHeads
          columns={[
            t("calculator.table.month"),
            t("calculator.table.payment"),
            t("calculator.table.principal"),
            t("calculator.table.interest"),
            t("calculator.table.balance"),
          ]}
        />
        <tbody dangerouslySetInnerHTML={rows} />
      </table>
    </div>
  );
});

/** What every answer says, in every language (issue 27). */
function Terms({ t }: { t: TFunction }) {
  return (
    <ul className={styles.terms} aria-label={t("calculator.terms.label")}>
      <li>{t("calculator.terms.lender")}</li>
      <li>{t("calculator.terms.noFee")}</li>
      <li>{t("calculator.terms.withdraw")}</li>
    </ul>
  );
}
