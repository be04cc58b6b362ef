import { v, validate } from "#app/lib/schema.ts";
import { expiryDigits, isRealDate } from "#app/requests/expiry-date.ts";
import { EMPLOYMENT_KINDS, VISA_TYPES } from "#app/features/products/model.ts";
import type { CheckAnswers } from "#app/features/eligibility/rules.ts";

/**
 * The eligibility check's form (issue 27, item 4): a GET form whose inputs
 * live in the query string, so an answer can be bookmarked and shared and is
 * rendered by the server for a phone without JavaScript. One schema for the
 * server's loader and the browser's live update; messages are catalog keys
 * of the `eligibility` namespace. Bad or missing values get their field's
 * message, never a 4xx page.
 *
 *   visa=E-9 & expiry=20270315|unknown & employed_months=8 & employment=standard
 *   & income=24000000 & amount=5000000 & months=24
 */
export const CHECK_FIELDS = ["visa", "expiry", "employed_months", "employment", "income", "amount", "months"] as const;
export type CheckField = (typeof CHECK_FIELDS)[number];
export type CheckValues = Record<CheckField, string>;
/** The answers of the check a consultation carries besides its own visa type and expiry (issue 27, item 5). */
export const CHECK_ONLY_FIELDS = ["employed_months", "employment", "income", "amount", "months"] as const;
export type SentCheck = Partial<Record<(typeof CHECK_ONLY_FIELDS)[number], string>>;

/** The check's own answers out of a query string (the consultation form's hidden field). */
export function sentCheckOf(query: string): SentCheck {
  const params = new URLSearchParams(query.slice(0, 400));
  return Object.fromEntries(CHECK_ONLY_FIELDS.filter((f) => params.has(f)).map((f) => [f, (params.get(f) ?? "").slice(0, 40)]));
}

export const EXPIRY_UNKNOWN = "unknown";
export const INCOME_MAX = 2_000_000_000;
export const AMOUNT_MAX = 1_000_000_000;
export const TERM_MAX = 480;
export const EMPLOYED_MAX = 600;

export const MESSAGES = {
  visa: "eligibility.errors.visa",
  expiryRequired: "eligibility.errors.expiryRequired",
  expiryFormat: "eligibility.errors.expiryFormat",
  employedMonths: "eligibility.errors.employedMonths",
  employment: "eligibility.errors.employment",
  income: "eligibility.errors.income",
  amount: "eligibility.errors.amount",
  months: "eligibility.errors.months",
} as const;

/** Digits only, the separators a visitor may type (`24,000,000`, `24 000 000`, `24.000.000`) dropped. */
export function wholeNumber(value: string): string {
  return value.trim().replace(/[\s,.'’]/g, "");
}

const number = (message: string, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.transform(wholeNumber),
    v.regex(/^\d{1,11}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

export const checkSchema = v.object({
  visa: v.picklist(VISA_TYPES, MESSAGES.visa),
  expiry: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.nonEmpty(MESSAGES.expiryRequired),
    v.check((value: string) => value === EXPIRY_UNKNOWN || isRealDate(expiryDigits(value) ?? ""), MESSAGES.expiryFormat),
    v.transform((value: string) => {
      if (value === EXPIRY_UNKNOWN) return null;
      const d = expiryDigits(value)!;
      return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
    }),
  ),
  employed_months: number(MESSAGES.employedMonths, 0, EMPLOYED_MAX),
  employment: v.picklist(EMPLOYMENT_KINDS, MESSAGES.employment),
  income: number(MESSAGES.income, 0, INCOME_MAX),
  amount: number(MESSAGES.amount, 1, AMOUNT_MAX),
  months: number(MESSAGES.months, 1, TERM_MAX),
});

export interface ParsedCheck {
  /** What the visitor typed, for the form. */
  values: CheckValues;
  /** Nothing was asked yet (no field of the check in the query): the form alone, no messages. A form sent empty is not. */
  empty: boolean;
  errors: Partial<Record<CheckField, string>>;
  /** The answers, when every field is valid. */
  answers: CheckAnswers | null;
}

/** Reads the check from a query string (or a form's entries). */
export function parseCheck(params: URLSearchParams): ParsedCheck {
  const values = Object.fromEntries(CHECK_FIELDS.map((f) => [f, (params.get(f) ?? "").slice(0, 40)])) as CheckValues;
  // The form without JavaScript sends the date field and, when ticked, "I don't know" under the same name.
  if (params.getAll("expiry").includes(EXPIRY_UNKNOWN)) values.expiry = EXPIRY_UNKNOWN;
  const empty = CHECK_FIELDS.every((f) => !params.has(f));
  if (empty) return { values, empty, errors: {}, answers: null };
  const result = validate(checkSchema, values);
  if (!result.success) return { values, empty, errors: result.errors as ParsedCheck["errors"], answers: null };
  const o = result.output;
  return {
    values,
    empty,
    errors: {},
    answers: {
      visa: o.visa,
      expiry: o.expiry,
      employedMonths: o.employed_months,
      employment: o.employment,
      income: o.income,
      amount: o.amount,
      months: o.months,
    },
  };
}

/** The answers back as the query string (the order of CHECK_FIELDS). */
export function checkQuery(values: Partial<CheckValues>): string {
  const params = new URLSearchParams();
  for (const f of CHECK_FIELDS) if (values[f]) params.set(f, values[f]);
  return params.toString();
}
