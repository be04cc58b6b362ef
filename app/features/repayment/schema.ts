import { v, validate, type FieldErrors } from "#app/lib/schema.ts";
import { LEGAL_MAX_RATE_BP, RATE_SYNTAX, bpToPercent, parseRate } from "#app/loans/rate.ts";
import { expiryDigits, isRealDate } from "#app/requests/expiry-date.ts";
import { REPAYMENT_METHODS, type RepaymentMethod } from "#app/features/repayment/schedule.ts";

/**
 * The repayment calculator's query string (issue 27): one schema, run by the
 * page's loader (no JavaScript) and by the page in the browser as the visitor
 * types, so both show the same answer and the same messages (catalog keys).
 *
 * `amount` and `income`: whole KRW, digits with optional thousands separators
 * (1,000,000 / 1.000.000 / 1 000 000); `rate`: percent a year, at most 2
 * decimals, with a point or a comma (13.5 / 13,5); `months`; `method`
 * (annuity | principal | bullet, annuity when absent); `expiry`: YYYYMMDD or
 * YYYY/MM/DD, or `unknown`; `income`: optional.
 */
export const CALCULATOR_FIELDS = ["amount", "rate", "months", "method", "expiry", "income"] as const;
export type CalculatorField = (typeof CALCULATOR_FIELDS)[number];
export type CalculatorValues = Record<CalculatorField, string>;

export const CALCULATOR_LIMITS = {
  /** The partner loans' range is 1–50 million KRW (FAQ); the calculator takes a little more either way. */
  minAmount: 100_000,
  maxAmount: 1_000_000_000,
  maxMonths: 360,
  maxIncome: 10_000_000_000,
} as const;

export const EXPIRY_UNKNOWN = "unknown";

export const CALCULATOR_MESSAGES = {
  amountRequired: "calculator.errors.amountRequired",
  amountFormat: "calculator.errors.amountFormat",
  amountRange: "calculator.errors.amountRange",
  rateRequired: "calculator.errors.rateRequired",
  rateFormat: "calculator.errors.rateFormat",
  rateRange: "calculator.errors.rateRange",
  monthsRequired: "calculator.errors.monthsRequired",
  monthsRange: "calculator.errors.monthsRange",
  method: "calculator.errors.method",
  expiryFormat: "calculator.errors.expiryFormat",
  incomeFormat: "calculator.errors.incomeFormat",
} as const;
const M = CALCULATOR_MESSAGES;

/** Whole won as typed: digits, optionally grouped by threes with a comma, a point, a space or an apostrophe. */
const WHOLE_WON = /^(\d{1,3}(?:[,. \u00a0\u202f'’]\d{3})+|\d+)$/;

const trimmed = v.pipe(v.optional(v.string(), ""), v.trim());

/** A whole-won field: digits only kept once its form is right; "" stays "" (checked by the caller). */
function wonField(format: string) {
  return v.pipe(
    trimmed,
    v.check((s) => s === "" || WHOLE_WON.test(s), format),
    v.transform((s) => (s === "" ? null : Number(s.replace(/\D/g, "")))),
  );
}

export const calculatorQuerySchema = v.object({
  amount: v.pipe(
    wonField(M.amountFormat),
    v.check((n) => n !== null, M.amountRequired),
    v.transform((n) => n ?? 0),
    v.minValue(CALCULATOR_LIMITS.minAmount, M.amountRange),
    v.maxValue(CALCULATOR_LIMITS.maxAmount, M.amountRange),
  ),
  rate: v.pipe(
    trimmed,
    v.nonEmpty(M.rateRequired),
    // At most 2 digits before and 2 after a point or a comma, an optional "%" after.
    v.check((s) => parseRate(s, RATE_SYNTAX.visitor) !== null, M.rateFormat),
    // Hundredths of a percent, exactly: "13,5" → 1350 → 13.5; not above the legal maximum.
    v.transform((s) => parseRate(s, RATE_SYNTAX.visitor)!.bp),
    v.maxValue(LEGAL_MAX_RATE_BP, M.rateRange),
    v.transform(bpToPercent),
  ),
  months: v.pipe(
    trimmed,
    v.nonEmpty(M.monthsRequired),
    v.regex(/^\d{1,3}$/, M.monthsRange),
    v.transform(Number),
    v.minValue(1, M.monthsRange),
    v.maxValue(CALCULATOR_LIMITS.maxMonths, M.monthsRange),
  ),
  method: v.pipe(
    trimmed,
    v.transform((s) => s || "annuity"),
    v.picklist(REPAYMENT_METHODS as RepaymentMethod[], M.method),
  ),
  expiry: v.pipe(
    trimmed,
    v.check((s) => s === "" || s.toLowerCase() === EXPIRY_UNKNOWN || isRealDate(expiryDigits(s) ?? ""), M.expiryFormat),
    v.transform((s): Expiry => {
      if (s === "") return { kind: "none" };
      if (s.toLowerCase() === EXPIRY_UNKNOWN) return { kind: "unknown" };
      const d = expiryDigits(s) ?? "";
      return { kind: "date", iso: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` };
    }),
  ),
  income: v.pipe(
    wonField(M.incomeFormat),
    v.check((n) => n === null || (n >= 1 && n <= CALCULATOR_LIMITS.maxIncome), M.incomeFormat),
  ),
});

export type Expiry = { kind: "none" } | { kind: "unknown" } | { kind: "date"; iso: string };
export type CalculatorInput = v.InferOutput<typeof calculatorQuerySchema>;

/** The fields' text as the visitor typed it (or the URL carried it), every field present. */
export function valuesFromQuery(params: URLSearchParams): CalculatorValues {
  const values = {} as CalculatorValues;
  for (const field of CALCULATOR_FIELDS) values[field] = params.get(field) ?? "";
  return values;
}

/** The query string of the values, empty fields left out (what the address bar shows). */
export function queryFromValues(values: CalculatorValues): string {
  const params = new URLSearchParams();
  for (const field of CALCULATOR_FIELDS) if (values[field].trim() !== "") params.set(field, values[field].trim());
  return params.toString();
}

/** Whether the URL asks anything (a submitted form always sends `method`): only then are missing fields reported. */
export function isAsked(params: URLSearchParams): boolean {
  return CALCULATOR_FIELDS.some((field) => params.has(field));
}

export type CalculatorReading = { success: true; input: CalculatorInput } | { success: false; errors: FieldErrors };

/** Reads the fields: the input of the schedule, or each wrong or missing field's message (a catalog key). */
export function readCalculator(values: CalculatorValues): CalculatorReading {
  const result = validate(calculatorQuerySchema, values);
  return result.success ? { success: true, input: result.output } : { success: false, errors: result.errors };
}
