import { earliestExpiryFor, maxTermForStay, monthsUntil } from "#app/features/repayment/term-cap.ts";
import { employedMonthsFor, type EmploymentKind, type LoanProduct } from "#app/features/products/model.ts";

/**
 * The eligibility check's rules (issue 27, item 2): one pure module that the
 * server renders the answer with and the browser updates it with. For each
 * live product: fits, or does not fit with every failing rule and the
 * visitor's own figures; the longest term this visa expiry allows; with the
 * expiry unknown, the expiry the wanted term needs; and what would change the
 * answer. It never says a loan will be granted: the lender decides.
 *
 * Months of stay are whole calendar months in Korea's calendar
 * (repayment/term-cap.ts): a loan of `months` fits a visa when at least
 * `months` + the product's months-after-the-loan remain until the expiry.
 */

/** What the visitor told the check (already valid: see query.ts). */
export interface CheckAnswers {
  visa: string;
  /** YYYY-MM-DD, or null when the visitor does not know it. */
  expiry: string | null;
  employedMonths: number;
  employment: EmploymentKind;
  /** KRW a year. */
  income: number;
  /** KRW. */
  amount: number;
  /** The term wanted, in months. */
  months: number;
}

/** A rule the visitor does not meet, with their figure and the product's. */
export type Failure =
  | { rule: "visa"; visa: string; accepted: string[] }
  /** `monthsLeft` until the expiry; the product needs `stayAfter` months left after a loan of `months`. */
  | { rule: "stay"; monthsLeft: number; stayAfter: number; months: number }
  | { rule: "employed"; have: number; need: number }
  | { rule: "income"; have: number; need: number }
  | { rule: "employment"; have: EmploymentKind; accepted: EmploymentKind[] }
  | { rule: "amount"; have: number; min: number; max: number }
  | { rule: "term"; have: number; min: number; max: number };

export type Rule = Failure["rule"];

/** Something the visitor could change that would remove a failure. */
export type Change =
  /** Keep working for the same employer this many more months. */
  | { change: "wait"; months: number }
  /** Ask for a shorter term, at most this many months. */
  | { change: "shorterTerm"; max: number }
  /** Extend the visa to at least this day (YYYY-MM-DD). */
  | { change: "extendStay"; until: string }
  | { change: "amount"; min: number; max: number }
  | { change: "term"; min: number; max: number };

export interface ProductAnswer {
  product: LoanProduct;
  fits: boolean;
  failures: Failure[];
  /** With a known expiry: the longest term this product allows with it (0: none); null when the expiry is unknown. */
  maxTerm: number | null;
  /** With the expiry unknown: the visa must end on or after this day (YYYY-MM-DD) for the term wanted. */
  expiryAtLeast: string | null;
  /** What would make it fit; empty when it fits or nothing the visitor can change would. */
  changes: Change[];
}

export interface CheckResult {
  answers: ProductAnswer[];
  fits: number;
  total: number;
}

/** The longest term of `product` that a visa ending on `expiry` allows: within its term range, 0 when none. */
export function longestTerm(product: LoanProduct, today: string, expiry: string): number {
  const cap = Math.min(maxTermForStay(today, expiry, product.rules.stayAfterMonths), product.term.max);
  return cap >= product.term.min ? cap : 0;
}

function failures(product: LoanProduct, a: CheckAnswers, today: string): Failure[] {
  const { rules } = product;
  const out: Failure[] = [];
  if (!rules.visas.includes(a.visa)) out.push({ rule: "visa", visa: a.visa, accepted: rules.visas });
  if (a.expiry !== null) {
    const monthsLeft = monthsUntil(today, a.expiry);
    if (a.months > maxTermForStay(today, a.expiry, rules.stayAfterMonths))
      out.push({ rule: "stay", monthsLeft, stayAfter: rules.stayAfterMonths, months: a.months });
  }
  // The months with the employer are per visa: meaningless for a visa the product does not take.
  const need = employedMonthsFor(rules, a.visa);
  if (rules.visas.includes(a.visa) && a.employedMonths < need) out.push({ rule: "employed", have: a.employedMonths, need });
  if (a.income < rules.minIncome) out.push({ rule: "income", have: a.income, need: rules.minIncome });
  if (!rules.employment.includes(a.employment)) out.push({ rule: "employment", have: a.employment, accepted: rules.employment });
  if (a.amount < product.amount.min || a.amount > product.amount.max)
    out.push({ rule: "amount", have: a.amount, min: product.amount.min, max: product.amount.max });
  if (a.months < product.term.min || a.months > product.term.max)
    out.push({ rule: "term", have: a.months, min: product.term.min, max: product.term.max });
  return out;
}

/**
 * What would remove each failure that the visitor can change; none when a
 * failure cannot be changed by them (visa type, income, kind of employment).
 */
function changesFor(product: LoanProduct, failed: Failure[], a: CheckAnswers, today: string, maxTerm: number | null): Change[] {
  const changes: Change[] = [];
  for (const f of failed) {
    if (f.rule === "visa" || f.rule === "income" || f.rule === "employment") return [];
    if (f.rule === "employed") changes.push({ change: "wait", months: f.need - f.have });
    if (f.rule === "amount") changes.push({ change: "amount", min: f.min, max: f.max });
    if (f.rule === "term") changes.push({ change: "term", min: f.min, max: f.max });
    if (f.rule === "stay") {
      if (maxTerm) changes.push({ change: "shorterTerm", max: maxTerm });
      const term = Math.min(Math.max(a.months, product.term.min), product.term.max);
      changes.push({ change: "extendStay", until: earliestExpiryFor(today, term, product.rules.stayAfterMonths) });
    }
  }
  return changes;
}

/** One product's answer for these answers on `today` (YYYY-MM-DD, Korea). */
export function checkProduct(product: LoanProduct, a: CheckAnswers, today: string): ProductAnswer {
  const failed = failures(product, a, today);
  const maxTerm = a.expiry === null ? null : longestTerm(product, today, a.expiry);
  return {
    product,
    fits: failed.length === 0,
    failures: failed,
    maxTerm,
    expiryAtLeast: a.expiry === null ? earliestExpiryFor(today, a.months, product.rules.stayAfterMonths) : null,
    changes: failed.length ? changesFor(product, failed, a, today, maxTerm) : [],
  };
}

/** Every live product's answer, in the products' order; the count that fit. */
export function checkEligibility(products: readonly LoanProduct[], a: CheckAnswers, today: string): CheckResult {
  const answers = products.map((p) => checkProduct(p, a, today));
  return { answers, fits: answers.filter((x) => x.fits).length, total: answers.length };
}
