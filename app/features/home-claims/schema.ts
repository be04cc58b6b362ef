import { noControlCharacters, v } from "#app/lib/schema.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import {
  FIGURES,
  RATING_MAX,
  REVIEW_COUNTRIES,
  figureConflicts,
  type FigureKey,
  type FigureValues,
} from "#app/features/home-claims/model.ts";

/**
 * The console's two forms (issue 35, item 4): the four figures, and a review.
 * One schema each for the form's limits and the action; messages are console
 * catalog keys. A refused form changes nothing.
 */
export const SOURCE_MAX = 200;
export const NAME_MAX = 60;
export const QUOTE_MAX = 600;
/** Counts up to a billion; won up to a quadrillion (still an exact number in JavaScript). */
const COUNT_LIMIT = 1_000_000_000;
const WON_LIMIT = 1_000_000_000_000_000;

const msg = (key: AdminKey) => key;

export const figureField = (key: FigureKey, part: "value" | "as_of") => `${key}_${part}`;
export const sourceField = (key: FigureKey, locale: Locale) => `${key}_source_${locale}`;
export const quoteField = (locale: Locale) => `quote_${locale}`;

const text = (max: number, required: boolean) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check((value: string) => !required || value !== "", msg("claims.error.required")),
    v.maxLength(max, msg("claims.error.tooLong")),
    noControlCharacters(msg("claims.error.control")),
  );

/** A whole number as people type it (50000, 50,000, 50 000), from 0 to `max`. */
const whole = (max: number) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.transform((value: string) => value.replace(/[\s,]/g, "")),
    v.nonEmpty(msg("claims.error.required")),
    v.regex(/^\d{1,16}$/, msg("claims.error.whole")),
    v.transform(Number),
    v.maxValue(max, msg("claims.error.range")),
  );

/** A percentage from 0 to 100 with at most one decimal, kept in tenths (85.5 → 855). */
const percent = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.nonEmpty(msg("claims.error.required")),
  v.regex(/^\d{1,3}(\.\d)?$/, msg("claims.error.percent")),
  v.transform((value: string) => Math.round(Number(value) * 10)),
  v.maxValue(1000, msg("claims.error.percent")),
);

/** A calendar day (YYYY-MM-DD) that exists and has come (Korea's date `today`). */
const day = (today: string, required: boolean) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check((value: string) => !required || value !== "", msg("claims.error.required")),
    v.check((value: string) => value === "" || isDay(value), msg("claims.error.date")),
    v.check((value: string) => value === "" || value <= today, msg("claims.error.future")),
  );

export function isDay(value: string): boolean {
  if (!/^\d{4}-\d\d-\d\d$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const checkbox = v.pipe(
  v.optional(v.string(), ""),
  v.transform((value: string) => value === "on"),
);

const VALUE_SCHEMA: Record<FigureKey, v.GenericSchema<string | undefined, number>> = {
  requests: whole(COUNT_LIMIT),
  approved: whole(COUNT_LIMIT),
  approval_rate: percent,
  disbursed: whole(WON_LIMIT),
};

/**
 * The four figures, each with its day and its source (English required, the
 * other languages fall back to it), and whether the administrator confirms
 * them. They must agree with each other (model.ts `figureConflicts`) at the
 * smallest amount a product lends now (`minAmount`, KRW; null: no product).
 */
export function figuresSchema(today: string, minAmount: number | null) {
  const entries: Record<string, v.GenericSchema> = { confirm: checkbox };
  for (const key of FIGURES) {
    entries[figureField(key, "value")] = VALUE_SCHEMA[key];
    entries[figureField(key, "as_of")] = day(today, true);
    for (const locale of LOCALES) entries[sourceField(key, locale)] = text(SOURCE_MAX, locale === "en");
  }
  return v.pipe(
    v.object(entries),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const conflicts = figureConflicts(figureValues(dataset.value as Record<string, unknown>), minAmount);
      for (const [key, conflict] of Object.entries(conflicts))
        addIssue({
          message: msg(`claims.error.${conflict}`),
          path: [
            {
              type: "object",
              origin: "value",
              input: dataset.value as Record<string, unknown>,
              key: figureField(key as FigureKey, "value"),
              value: (dataset.value as Record<string, unknown>)[figureField(key as FigureKey, "value")],
            },
          ],
        });
    }),
  );
}
export type FiguresInput = Record<string, unknown> & { confirm: boolean };

export function figureValues(input: Record<string, unknown>): FigureValues {
  return Object.fromEntries(FIGURES.map((key) => [key, input[figureField(key, "value")] as number])) as FigureValues;
}

/**
 * A review: the masked name (a part hidden with *), the flag, the rating, the
 * customer's own language and words, translations, the day the customer
 * agreed to its publication, whether anything was given for it, and whether
 * the administrator confirms it (which needs the consent date) or hides it.
 */
export function reviewSchema(today: string) {
  const quotes = Object.fromEntries(LOCALES.map((l) => [quoteField(l), text(QUOTE_MAX, false)]));
  return v.pipe(
    v.object({
      name: v.pipe(
        text(NAME_MAX, true),
        v.check((value: string) => value === "" || value.includes("*"), msg("claims.error.masked")),
      ),
      country: v.pipe(v.optional(v.string(), ""), v.picklist(REVIEW_COUNTRIES, msg("claims.error.choose"))),
      rating: v.pipe(
        v.optional(v.string(), ""),
        v.regex(/^[1-5]$/, msg("claims.error.rating")),
        v.transform(Number),
        v.maxValue(RATING_MAX, msg("claims.error.rating")),
      ),
      original_lang: v.pipe(v.optional(v.string(), ""), v.picklist(LOCALES, msg("claims.error.choose"))),
      quote: text(QUOTE_MAX, true),
      ...quotes,
      consent_date: day(today, false),
      incentive: v.pipe(v.optional(v.string(), ""), v.picklist(["yes", "no"], msg("claims.error.choose"))),
      confirm: checkbox,
      hidden: checkbox,
    }),
    v.forward(
      v.partialCheck(
        [["confirm"], ["consent_date"]],
        (input) => !input.confirm || input.consent_date !== "",
        msg("claims.error.consentNeeded"),
      ),
      ["consent_date"],
    ),
  );
}
export type ReviewInput = v.InferOutput<ReturnType<typeof reviewSchema>>;

/** The form's fields as strings (a checkbox not sent is absent). */
export function formFields(form: URLSearchParams | FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !(name in out)) out[name] = value;
  return out;
}
