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

/**
 * What the calculator offers (issue 35; 금융소비자보호법 시행령 제20조①5):
 * the repayment methods and the range of terms the live products have, so
 * the calculator never shows a loan no partner makes — or, when no product
 * is live, plain arithmetic over every method and term, and the page says so.
 * `byMethod` names the products that offer each method.
 */
export interface CalculatorOffer {
  source: "products" | "general";
  methods: RepaymentMethod[];
  term: { min: number; max: number };
  byMethod: Partial<Record<RepaymentMethod, string[]>>;
}

export const GENERAL_OFFER: CalculatorOffer = {
  source: "general",
  methods: [...REPAYMENT_METHODS],
  term: { min: 1, max: CALCULATOR_LIMITS.maxMonths },
  byMethod: {},
};

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

/** The query's schema for an offer: its terms and methods only. */
export const calculatorSchemaFor = (offer: CalculatorOffer) =>
  v.object({
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
      v.minValue(offer.term.min, M.monthsRange),
      v.maxValue(offer.term.max, M.monthsRange),
    ),
    method: v.pipe(
      trimmed,
      v.transform((s) => s || defaultMethod(offer)),
      v.picklist(offer.methods, M.method),
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

/** The method a form without one means: equal payments when offered, else the first offered. */
export function defaultMethod(offer: CalculatorOffer): RepaymentMethod {
  return offer.methods.includes("annuity") ? "annuity" : (offer.methods[0] ?? "annuity");
}

/** Every method and term: the schema when no product stands behind the numbers. */
export const calculatorQuerySchema = calculatorSchemaFor(GENERAL_OFFER);

const schemas = new WeakMap<CalculatorOffer, ReturnType<typeof calculatorSchemaFor>>([[GENERAL_OFFER, calculatorQuerySchema]]);

/** One schema per offer, made once (the page reads the fields at every keystroke). */
function schemaOf(offer: CalculatorOffer) {
  const known = schemas.get(offer);
  if (known) return known;
  const made = calculatorSchemaFor(offer);
  schemas.set(offer, made);
  return made;
}

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
export function readCalculator(values: CalculatorValues, offer: CalculatorOffer = GENERAL_OFFER): CalculatorReading {
  const result = validate(schemaOf(offer), values);
  return result.success ? { success: true, input: result.output } : { success: false, errors: result.errors };
}
