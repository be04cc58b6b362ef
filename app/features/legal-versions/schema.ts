import { noControlCharacters, v } from "#app/lib/schema.ts";
import { addDays, isIsoDay } from "#app/lib/seoul-time.ts";
import { POLICY_KINDS, POLICY_LANGS } from "#app/features/legal/links.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";

/**
 * The console's form for a new version of a legal document (issue 36), one
 * schema for the form and the action. Messages are console catalog keys.
 * The notice periods: a version takes effect at the earliest 7 days after
 * the day it is written, 30 for a significant change; a sooner date is
 * refused beside the field and nothing is saved. One exception (issue 47):
 * while a document has only the seed's versions, the business's first own
 * version may take effect today, in force at once with nothing announced.
 * The rule needs today's Korea date and whether the version is that first
 * one, so the schema is made for both.
 */
export const NOTICE_DAYS = 7;
export const SIGNIFICANT_NOTICE_DAYS = 30;
/** One language's text, in characters (the longest today is about 17,000). */
export const BODY_MAX = 100_000;
/** The posted form: six texts of up to BODY_MAX characters, URL-encoded (a Burmese character takes 9 bytes). */
export const FORM_BYTES_MAX = 4 * 1024 * 1024;

export const BODY_FIELDS = POLICY_LANGS.map((lang) => `body_${lang}` as const);

const msg = (key: AdminKey) => key;

const body = v.pipe(
  v.optional(v.string(), ""),
  v.transform((value: string) => value.replace(/\r\n?/g, "\n").trim()),
  v.nonEmpty(msg("legal.error.required")),
  v.maxLength(BODY_MAX, msg("legal.error.tooLong")),
  noControlCharacters(msg("legal.error.control")),
);

/** The first day a version may take effect when written on `today`. */
export function earliestDay(today: string, significant: boolean): string {
  return addDays(today, significant ? SIGNIFICANT_NOTICE_DAYS : NOTICE_DAYS);
}

/** Whether `day` may be a version's date written on `today`: the notice period, or today itself for a first own version. */
export function allowedDay(day: string, today: string, significant: boolean, firstOwn: boolean): boolean {
  return (firstOwn && day === today) || day >= earliestDay(today, significant);
}

export function legalVersionSchema(today: string, firstOwn = false) {
  return v.pipe(
    v.object({
      kind: v.picklist(POLICY_KINDS, msg("legal.error.kind")),
      significant: v.pipe(
        v.optional(v.string(), ""),
        v.transform((value: string) => value === "on" || value === "1"),
      ),
      effective_on: v.pipe(
        v.optional(v.string(), ""),
        v.trim(),
        v.nonEmpty(msg("legal.error.dateRequired")),
        v.check((value: string) => isIsoDay(value), msg("legal.error.date")),
      ),
      body_ko: body,
      body_en: body,
      body_vi: body,
      body_id: body,
      body_my: body,
      body_mn: body,
    }),
    v.forward(
      v.partialCheck(
        [["effective_on"], ["significant"]],
        (input) => input.significant || allowedDay(input.effective_on, today, false, firstOwn),
        msg(firstOwn ? "legal.error.noticeFirst" : "legal.error.notice"),
      ),
      ["effective_on"],
    ),
    v.forward(
      v.partialCheck(
        [["effective_on"], ["significant"]],
        (input) => !input.significant || allowedDay(input.effective_on, today, true, firstOwn),
        msg(firstOwn ? "legal.error.noticeFirst" : "legal.error.noticeSignificant"),
      ),
      ["effective_on"],
    ),
  );
}

export type LegalVersionInput = v.InferOutput<ReturnType<typeof legalVersionSchema>>;
