import { Disclosure } from "#app/loans/Disclosure.tsx";
import { DaebuMark } from "#app/loans/DaebuMark.tsx";
import type { DisclosureText } from "#app/loans/disclosure.ts";
import { Link } from "react-router";
import { useLocale, useT, type TFunction } from "#app/i18n/useT.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { repaymentSchedule } from "#app/features/repayment/schedule.ts";
import type { LoanProduct } from "#app/features/products/model.ts";
import type { Change, CheckAnswers, CheckResult, Failure, ProductAnswer } from "#app/features/eligibility/rules.ts";
import { formatDay, formatWon } from "#app/features/repayment/format.ts";
import { formatRate, percentToBp, rateText } from "#app/loans/rate.ts";
import styles from "./Eligibility.module.css";

/**
 * The check's answer (issue 27): every live product, fits or does not fit
 * and why, in plain words with the visitor's own figures; for each that fits
 * the monthly payment (the calculator's module) and a link to the calculator.
 * Never a promise: the lender decides, and the page says so, with the no-fee
 * and 14-day withdrawal lines.
 */
type Vars = Record<string, string | number>;

function list(locale: Locale, items: string[]): string {
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(items);
}

function failureText(t: TFunction, locale: Locale, f: Failure): string {
  const won = (n: number) => formatWon(locale, n);
  const vars: Vars =
    f.rule === "visa"
      ? { visa: f.visa, accepted: f.accepted.join(", ") }
      : f.rule === "stay"
        ? { count: f.monthsLeft, monthsLeft: f.monthsLeft, stayAfter: f.stayAfter, months: f.months }
        : f.rule === "employed"
          ? { count: f.have, have: f.have, need: f.need }
          : f.rule === "income"
            ? { have: won(f.have), need: won(f.need) }
            : f.rule === "employment"
              ? {
                  have: t(`eligibility.employment.${f.have}`),
                  accepted: list(
                    locale,
                    f.accepted.map((k) => t(`eligibility.employment.${k}`)),
                  ),
                }
              : f.rule === "amount"
                ? { have: won(f.have), min: won(f.min), max: won(f.max) }
                : { have: f.have, min: f.min, max: f.max };
  return t(`eligibility.failure.${f.rule}`, vars);
}

function changeText(t: TFunction, locale: Locale, c: Change): string {
  const vars: Vars =
    c.change === "wait"
      ? { count: c.months, months: c.months }
      : c.change === "shorterTerm"
        ? { max: c.max }
        : c.change === "extendStay"
          ? { date: formatDay(c.until) }
          : c.change === "amount"
            ? { min: formatWon(locale, c.min), max: formatWon(locale, c.max) }
            : { min: c.min, max: c.max };
  return t(`eligibility.change.${c.change}`, vars);
}

/**
 * The changes, each as a phrase to be joined with "and" (all are needed, one
 * per failure). A stay failure offers two remedies of which either one is
 * enough, a shorter term or a longer visa: they become one phrase joined with
 * "or" (issue 37).
 */
function changeTexts(t: TFunction, locale: Locale, changes: Change[]): string[] {
  const shorter = changes.find((c): c is Extract<Change, { change: "shorterTerm" }> => c.change === "shorterTerm");
  const extend = changes.find((c): c is Extract<Change, { change: "extendStay" }> => c.change === "extendStay");
  return changes.flatMap((c) => {
    if (shorter && extend && c === shorter) return [];
    if (shorter && extend && c === extend) return [t("eligibility.change.stayEither", { max: shorter.max, date: formatDay(extend.until) })];
    return [changeText(t, locale, c)];
  });
}

/** `/our-products/repayment-calculator?amount=…&rate=…&months=…&method=…` at the product's highest rate. */
export function calculatorLink(product: LoanProduct, answers: CheckAnswers): string {
  const params = new URLSearchParams({
    amount: String(answers.amount),
    rate: rateText(percentToBp(product.rate.max)),
    months: String(answers.months),
    method: product.methods[0] ?? "annuity",
    product: product.key,
  });
  return `/our-products/repayment-calculator?${params.toString()}`;
}

function Payment({ product, answers }: { product: LoanProduct; answers: CheckAnswers }) {
  const t = useT();
  const locale = useLocale();
  const method = product.methods[0] ?? "annuity";
  const at = (rate: number) => repaymentSchedule({ amount: answers.amount, annualRatePercent: rate, months: answers.months, method });
  const low = at(product.rate.min);
  const high = at(product.rate.max);
  return (
    <div className={styles.payment}>
      <p>
        {t("eligibility.answer.payment", {
          method: t(`eligibility.method.${method}`),
          low: formatWon(locale, low.firstPayment),
          high: formatWon(locale, high.firstPayment),
          rateMin: formatRate(locale, percentToBp(product.rate.min)),
          rateMax: formatRate(locale, percentToBp(product.rate.max)),
        })}
      </p>
      {high.lastPayment !== high.firstPayment ? (
        <p>{t("eligibility.answer.lastPayment", { high: formatWon(locale, high.lastPayment) })}</p>
      ) : null}
      <Link to={calculatorLink(product, answers)}>{t("eligibility.answer.calculator")}</Link>
    </div>
  );
}

function ProductCard({ answer, answers, disclosure }: { answer: ProductAnswer; answers: CheckAnswers; disclosure?: DisclosureText }) {
  const t = useT();
  const locale = useLocale();
  const { product } = answer;
  return (
    <li className={styles.product} data-fits={answer.fits}>
      <DaebuMark text={disclosure?.mark} />
      <h3>{product.name}</h3>
      <p className={styles.verdict}>{answer.fits ? t("eligibility.answer.fits") : t("eligibility.answer.doesNotFit")}</p>
      {answer.failures.length ? (
        <ul className={styles.reasons}>
          {answer.failures.map((f) => (
            <li key={f.rule}>{failureText(t, locale, f)}</li>
          ))}
        </ul>
      ) : null}
      {answer.maxTerm !== null ? (
        <p>{answer.maxTerm ? t("eligibility.answer.maxTerm", { months: answer.maxTerm }) : t("eligibility.answer.maxTermNone")}</p>
      ) : null}
      {answer.expiryAtLeast ? (
        <p>
          {t("eligibility.answer.expiryAtLeast", {
            date: formatDay(answer.expiryAtLeast),
            months: answers.months,
            stayAfter: product.rules.stayAfterMonths,
          })}
        </p>
      ) : null}
      {answer.changes.length ? (
        <p>
          {t("eligibility.answer.wouldChange", {
            changes: list(locale, changeTexts(t, locale, answer.changes)),
          })}
        </p>
      ) : null}
      {product.rules.nationalities.length ? (
        <p>{t("eligibility.answer.limitedTo", { list: product.rules.nationalities.join(", ") })}</p>
      ) : null}
      <p className={styles.figures}>
        {t("eligibility.answer.figures", {
          min: formatWon(locale, product.amount.min),
          max: formatWon(locale, product.amount.max),
          rateMin: formatRate(locale, percentToBp(product.rate.min)),
          rateMax: formatRate(locale, percentToBp(product.rate.max)),
          termMin: product.term.min,
          termMax: product.term.max,
        })}
      </p>
      {answer.fits ? <Payment product={product} answers={answers} /> : null}
      {disclosure ? <Disclosure text={disclosure} /> : null}
    </li>
  );
}

export function CheckAnswer({
  result,
  answers,
  disclosures,
  consultHref,
}: {
  result: CheckResult;
  answers: CheckAnswers;
  /** Each product's loan-ad disclosure as finished text, by product key (ADR 0045). */
  disclosures: Readonly<Record<string, DisclosureText>>;
  consultHref: string;
}) {
  const t = useT();
  return (
    <>
      <p className={styles.summary}>
        {result.fits
          ? t("eligibility.answer.summary", { count: result.fits, fits: result.fits, total: result.total })
          : t("eligibility.answer.none")}
      </p>
      <ul className={styles.products}>
        {result.answers.map((a) => (
          <ProductCard key={a.product.key} answer={a} answers={answers} disclosure={disclosures[a.product.key]} />
        ))}
      </ul>
      <Link className={styles.consult} to={consultHref}>
        {t("eligibility.answer.consult")}
      </Link>
    </>
  );
}

/** The lines every answer carries, in every language. */
export function Fineprint() {
  const t = useT();
  return (
    <ul className={styles.fineprint}>
      <li>{t("eligibility.fineprint.lenderDecides")}</li>
      <li>{t("eligibility.fineprint.noFee")}</li>
      <li>{t("eligibility.fineprint.withdraw")}</li>
    </ul>
  );
}
