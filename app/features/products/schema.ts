import { noControlCharacters, v } from "#app/lib/schema.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { kstTime } from "#app/features/console/kst-field.ts";
import { LEGAL_MAX_RATE_BP, RATE_SYNTAX, bpToPercent, parseRate, percentToBp } from "#app/loans/rate.ts";
import { EMPLOYMENT_KINDS, METHODS, VISA_TYPES, parseList, type EmploymentKind, type Method } from "#app/features/products/model.ts";
import { INTEREST_TIMINGS, PREPAY_FEE_MONTHS_MAX, RATE_KINDS, STAMP_DUTY, overdueAddAllowed, overdueWithinCap } from "#app/loans/terms.ts";
import { isIsoDay } from "#app/lib/seoul-time.ts";
import { approvalEntries } from "#app/features/console/ad-approval-schema.ts";

/**
 * The console's product form (issue 27): one schema for the form (its
 * inputs' limits) and the action. Messages are console catalog keys. A rate
 * above the legal maximum (20 % a year, 이자제한법 / 대부업법) or any range
 * upside down is refused: nothing changes.
 *
 * The multi-choice fields (methods, visas, kinds of employment) arrive as
 * repeated checkboxes; `productFields` joins each into one comma list first.
 */
export const NAME_MAX = 80;
export const AMOUNT_LIMIT = 1_000_000_000;
export const TERM_LIMIT = 480;
export const MONTHS_LIMIT = 120;
export const LENDER_TEXT_MAX = 120;
export const LENDER_WORDS_MAX = 300;
export const MULTI_FIELDS = ["methods", "visas", "employment_kinds"] as const;

const msg = (key: AdminKey) => key;

const text = (max: number, required: boolean) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check((value: string) => !required || value !== "", msg("products.error.required")),
    v.maxLength(max, msg("products.error.tooLong")),
    noControlCharacters(msg("products.error.control")),
  );

const whole = (min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.nonEmpty(msg("products.error.required")),
    v.regex(/^\d{1,10}$/, msg("products.error.whole")),
    v.transform(Number),
    v.minValue(min, msg("products.error.range")),
    v.maxValue(max, msg("products.error.range")),
  );

/** A percentage with at most two decimals, above 0 and at most the legal maximum. */
const rate = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.nonEmpty(msg("products.error.required")),
  v.check((value: string) => parseRate(value, RATE_SYNTAX.product) !== null, msg("products.error.rate")),
  v.transform((value: string) => parseRate(value, RATE_SYNTAX.product)!.bp),
  v.minValue(1, msg("products.error.rate")),
  v.maxValue(LEGAL_MAX_RATE_BP, msg("products.error.rateLegal")),
  v.transform(bpToPercent),
);

const choices = <T extends string>(known: readonly T[]) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.check(
      (value: string) => value.split(",").every((s) => s === "" || (known as readonly string[]).includes(s)),
      msg("products.error.choice"),
    ),
    v.transform((value: string) => parseList(value, known)),
    v.minLength(1, msg("products.error.choose")),
  );

/** Empty (a draft may lack it) or a percentage (points) with at most two decimals, 0 allowed: → hundredths, or null. */
const optionalPercent = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.check((value: string) => value === "" || parseRate(value, RATE_SYNTAX.product) !== null, msg("products.error.percent")),
  v.transform((value: string) => (value === "" ? null : parseRate(value, RATE_SYNTAX.product)!.bp)),
  v.check((bp: number | null) => bp === null || bp <= LEGAL_MAX_RATE_BP, msg("products.error.rateLegal")),
);

/** Empty or one of `known`. */
const optionalChoice = <T extends string>(known: readonly T[]) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check((value: string) => value === "" || (known as readonly string[]).includes(value), msg("products.error.choice")),
    v.transform((value: string) => (value === "" ? null : (value as T))),
  );

/** `E-9=6, F-2=1` → {"E-9": 6, "F-2": 1}; each visa a known one, each figure 0–120. */
export function parseMonthsByVisa(value: string): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const part of value.split(/[,\n]/)) {
    if (!part.trim()) continue;
    const m = /^\s*([A-Z]-?\d{0,2}|Others)\s*=\s*(\d{1,3})\s*$/.exec(part);
    if (!m || !(VISA_TYPES as readonly string[]).includes(m[1]!) || Number(m[2]) > MONTHS_LIMIT) return null;
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

/** The other way, for the form. */
export function formatMonthsByVisa(map: Record<string, number>): string {
  return Object.entries(map)
    .map(([visa, months]) => `${visa}=${months}`)
    .join(", ");
}

/** `max` below `min`: refused on the `max` field. */
function ordered<T extends Record<string, unknown>>(min: keyof T & string, max: keyof T & string) {
  return v.forward<T, v.PartialCheckIssue<T>, [typeof max]>(
    v.partialCheck(
      [[min], [max]] as never,
      ((input: T) =>
        typeof input[min] !== "number" || typeof input[max] !== "number" || (input[max] as number) >= (input[min] as number)) as never,
      msg("products.error.upsideDown"),
    ) as never,
    [max] as never,
  );
}

const fields = v.object({
  name_en: text(NAME_MAX, true),
  name_vi: text(NAME_MAX, false),
  name_id: text(NAME_MAX, false),
  name_my: text(NAME_MAX, false),
  name_mn: text(NAME_MAX, false),
  amount_min: whole(1, AMOUNT_LIMIT),
  amount_max: whole(1, AMOUNT_LIMIT),
  rate_min: rate,
  rate_max: rate,
  term_min: whole(1, TERM_LIMIT),
  term_max: whole(1, TERM_LIMIT),
  methods: choices<Method>(METHODS),
  visas: choices<string>(VISA_TYPES),
  stay_after_months: whole(0, MONTHS_LIMIT),
  employed_months: whole(0, MONTHS_LIMIT),
  employed_months_by_visa: v.pipe(
    v.optional(v.string(), ""),
    v.maxLength(1000, msg("products.error.tooLong")),
    v.check((value: string) => parseMonthsByVisa(value) !== null, msg("products.error.byVisa")),
    v.transform((value: string) => parseMonthsByVisa(value)!),
  ),
  min_income: whole(0, AMOUNT_LIMIT),
  employment_kinds: choices<EmploymentKind>(EMPLOYMENT_KINDS),
  nationalities: v.pipe(
    text(400, false),
    v.transform((value: string) =>
      value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ),
  effective_from: kstTime,
  // What the ad must state (issue 35); a draft may lack them, publishing may not (legal.ts).
  rate_date: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check((value: string) => value === "" || isIsoDay(value), msg("products.error.date")),
  ),
  official_name: text(LENDER_TEXT_MAX, false),
  rate_kind: optionalChoice(RATE_KINDS),
  rate_basis: text(LENDER_WORDS_MAX, false),
  // At most 3 %p on its own (연체이자율 규정 제3조①), and within 20 % in total at the highest rate (below).
  overdue_add: v.pipe(
    optionalPercent,
    v.check((bp: number | null) => bp === null || overdueAddAllowed(bp), msg("products.error.overdueAdd")),
  ),
  fee_handling: optionalPercent,
  fee_prepay: optionalPercent,
  prepay_months: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check((value: string) => value === "" || /^\d{1,3}$/.test(value), msg("products.error.whole")),
    v.transform((value: string) => (value === "" ? null : Number(value))),
    v.check((n: number | null) => n === null || n <= PREPAY_FEE_MONTHS_MAX, msg("products.error.prepayMonths")),
  ),
  stamp_duty: optionalChoice(STAMP_DUTY),
  credit_standard: text(LENDER_WORDS_MAX, false),
  // 이자 부과시기 (감독규정 제17조①4다2): a draft may lack it, publishing may not.
  interest_timing: optionalChoice(INTEREST_TIMINGS),
  // The lender's own words in a translation the lender approved, per language (review N15): each optional.
  rate_basis_en: text(LENDER_WORDS_MAX, false),
  rate_basis_vi: text(LENDER_WORDS_MAX, false),
  rate_basis_id: text(LENDER_WORDS_MAX, false),
  rate_basis_my: text(LENDER_WORDS_MAX, false),
  rate_basis_mn: text(LENDER_WORDS_MAX, false),
  credit_standard_en: text(LENDER_WORDS_MAX, false),
  credit_standard_vi: text(LENDER_WORDS_MAX, false),
  credit_standard_id: text(LENDER_WORDS_MAX, false),
  credit_standard_my: text(LENDER_WORDS_MAX, false),
  credit_standard_mn: text(LENDER_WORDS_MAX, false),
  ...approvalEntries,
});
type Fields = v.InferOutput<typeof fields>;

/** The overdue rate (약정금리 + n %p) above 20 % a year at the product's highest rate: refused on the addition. */
const overdueCapped = v.forward<Fields, v.PartialCheckIssue<Fields>, ["overdue_add"]>(
  v.partialCheck(
    [["rate_max"], ["overdue_add"]] as never,
    ((input: Fields) =>
      typeof input.rate_max !== "number" ||
      input.overdue_add === null ||
      overdueWithinCap(percentToBp(input.rate_max), input.overdue_add)) as never,
    msg("products.error.overdueLegal"),
  ) as never,
  ["overdue_add"] as never,
);

export const productSchema = v.pipe(
  fields,
  ordered<Fields>("amount_min", "amount_max"),
  ordered<Fields>("rate_min", "rate_max"),
  ordered<Fields>("term_min", "term_max"),
  overdueCapped,
);

export type ProductInput = v.InferOutput<typeof productSchema>;

/** The posted form as the schema reads it: each multi-choice field's checked values joined. */
export function productFields(form: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = Object.fromEntries(form.entries());
  for (const name of MULTI_FIELDS) fields[name] = form.getAll(name).join(",");
  return fields;
}

/** A partner key: lower-case letters, digits and single hyphens (it names the product in links and banners, for good). */
export const PARTNER_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PARTNER_KEY_MAX = 64;

/** The form that adds a product (issue 47, item 1): its partner key, chosen now, and its lender. */
export const newProductSchema = v.object({
  partner_key: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.nonEmpty(msg("products.error.required")),
    v.maxLength(PARTNER_KEY_MAX, msg("products.error.tooLong")),
    v.regex(PARTNER_KEY, msg("products.error.key")),
  ),
  lender_id: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.nonEmpty(msg("products.error.lenderChoose")),
    v.regex(/^[1-9]\d{0,8}$/, msg("products.error.lenderChoose")),
    v.transform(Number),
  ),
});
