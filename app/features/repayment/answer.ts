import type { CalculatorInput } from "#app/features/repayment/schema.ts";
import { repaymentSchedule, type Schedule } from "#app/features/repayment/schedule.ts";
import { earliestExpiryFor, maxTermForStay } from "#app/features/repayment/term-cap.ts";
import { fitsProduct, type ProductFit } from "#app/loans/product-fit.ts";

/**
 * The calculator's answer to a valid query (issue 27), computed the same on
 * the server and in the browser: the schedule, the term the visa allows and
 * the share of income.
 */

/** The FAQ's rule, used on the standalone calculator: at least 6 months of stay left after the last instalment. */
export const STAY_MONTHS_AFTER_LOAN = 6;

/** Korea's DSR ceiling: repayments above 40 % of income get a warning. */
export const DSR_CEILING = 0.4;

export type StayAnswer =
  /** No expiry given (empty or "unknown"): the day the visa must last until for this term. */
  | { kind: "not-given"; mustLastUntil: string }
  /** The term fits the stay. */
  | { kind: "fits"; expiry: string; maxMonths: number }
  /** The term asked for is longer than the stay allows: the schedule is for `maxMonths`. */
  | { kind: "capped"; expiry: string; maxMonths: number; askedMonths: number }
  /** No term leaves the months of stay a lender wants: no schedule. */
  | { kind: "none"; expiry: string };

export interface IncomeAnswer {
  /** The average monthly repayment (total repaid ÷ months, rounded to the won). */
  averagePayment: number;
  monthlyIncome: number;
  /** averagePayment ÷ monthlyIncome. */
  share: number;
  overCeiling: boolean;
}

export interface CalculatorAnswer {
  months: number;
  stay: StayAnswer;
  /** null when the stay allows no term. */
  schedule: Schedule | null;
  income: IncomeAnswer | null;
}

function stayAnswer(input: CalculatorInput, today: string): StayAnswer {
  if (input.expiry.kind !== "date") {
    return { kind: "not-given", mustLastUntil: earliestExpiryFor(today, input.months, STAY_MONTHS_AFTER_LOAN) };
  }
  const expiry = input.expiry.iso;
  const maxMonths = maxTermForStay(today, expiry, STAY_MONTHS_AFTER_LOAN);
  if (maxMonths === 0) return { kind: "none", expiry };
  if (input.months > maxMonths) return { kind: "capped", expiry, maxMonths, askedMonths: input.months };
  return { kind: "fits", expiry, maxMonths };
}

/** What the page shows for a valid query on `today` (YYYY-MM-DD in Seoul). */
export function calculatorAnswer(input: CalculatorInput, today: string): CalculatorAnswer {
  const stay = stayAnswer(input, today);
  if (stay.kind === "none") return { months: 0, stay, schedule: null, income: null };
  const months = stay.kind === "capped" ? stay.maxMonths : input.months;
  const schedule = repaymentSchedule({ amount: input.amount, annualRatePercent: input.rate, months, method: input.method });
  let income: IncomeAnswer | null = null;
  if (input.income !== null) {
    const averagePayment = Math.round(schedule.totalRepaid / months);
    const monthlyIncome = input.income / 12;
    const share = averagePayment / monthlyIncome;
    income = { averagePayment, monthlyIncome: Math.floor(monthlyIncome), share, overCeiling: share > DSR_CEILING };
  }
  return { months, stay, schedule, income };
}

/**
 * Whether the answer may carry the linked product's disclosure (review N2): a schedule whose
 * figures — the amount, the rate, the months it was computed for, the method — fit the product
 * (app/loans/product-fit.ts). The loader and the page in the browser both ask this.
 */
export function answerFitsProduct(fit: ProductFit | null, input: CalculatorInput, answer: CalculatorAnswer): boolean {
  if (!fit || !answer.schedule) return false;
  return fitsProduct(fit, { amount: input.amount, ratePercent: input.rate, months: answer.months, method: input.method });
}
