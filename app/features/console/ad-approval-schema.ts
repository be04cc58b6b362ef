import { noControlCharacters, v, type FieldErrors } from "#app/lib/schema.ts";
import { isIsoDay } from "#app/lib/seoul-time.ts";
import { APPROVAL_NUMBER_MAX, type Gap } from "#app/loans/ad-approval.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";

/**
 * The schema part of a loan ad's approvals (issue 35, ADR 0039), shared by
 * the products and the campaigns, on the server and in the form: the four
 * fields of a form's schema and a publication's gaps as messages beside
 * their fields (the fields themselves: ad-approval.tsx).
 */
const number = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.maxLength(APPROVAL_NUMBER_MAX, "ads.error.tooLong" satisfies AdminKey),
  noControlCharacters("ads.error.control" satisfies AdminKey),
);
const day = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.check((value: string) => value === "" || isIsoDay(value), "ads.error.date" satisfies AdminKey),
);

/** The approval fields of a form's schema; empty is allowed in a draft, publishing checks them (approvalGaps). */
export const approvalEntries = { confirm_no: number, confirm_until: day, review_no: number, review_until: day };

/** A publication's gaps as the form's field messages: `ads.error.missing` / `date` / `expired`. */
export function gapErrors(gaps: readonly Gap[]): FieldErrors {
  return Object.fromEntries(gaps.map((g) => [g.field, `ads.error.${g.problem}`]));
}
