import { approvalGaps, type Gap } from "#app/loans/ad-approval.ts";
import { INTEREST_TIMINGS, PREPAY_FEE_MONTHS_MAX, RATE_KINDS, STAMP_DUTY, overdueAddAllowed, overdueWithinCap } from "#app/loans/terms.ts";
import type { LoanProductVersionTable } from "#db/schema.ts";
import { isIsoDay } from "#app/lib/seoul-time.ts";

/**
 * Whether a product version may be published, or shown, at `now` (issue 35,
 * ADR 0039): every item the ad must state is there, and both approvals are
 * there and still valid. The gaps are named by the console form's fields, so
 * the form shows each message beside its field and the list page names them.
 * Pure: the console's action, the publication and the public read path share it.
 */
export type LegalColumns = Pick<
  LoanProductVersionTable,
  | "rate_max_bp"
  | "rate_date"
  | "lender_name"
  | "official_name"
  | "rate_kind"
  | "rate_basis"
  | "overdue_add_bp"
  | "fee_handling_bp"
  | "fee_prepay_bp"
  | "prepay_months"
  | "stamp_duty"
  | "credit_standard"
  | "interest_timing"
  | "confirm_no"
  | "confirm_until"
  | "review_no"
  | "review_until"
>;

const blank = (value: string | null) => value === null || value.trim() === "";

export function productGaps(row: LegalColumns, now: Date): Gap[] {
  const gaps: Gap[] = [];
  const missing = (field: string) => gaps.push({ field, problem: "missing" });
  if (!row.rate_date || !isIsoDay(row.rate_date)) missing("rate_date");
  if (blank(row.lender_name)) missing("lender_name");
  if (blank(row.official_name)) missing("official_name");
  if (!(RATE_KINDS as readonly (string | null)[]).includes(row.rate_kind)) missing("rate_kind");
  if (blank(row.rate_basis)) missing("rate_basis");
  if (row.overdue_add_bp === null) missing("overdue_add");
  else if (!overdueAddAllowed(row.overdue_add_bp) || !overdueWithinCap(row.rate_max_bp, row.overdue_add_bp))
    gaps.push({ field: "overdue_add", problem: "cap" });
  if (row.fee_handling_bp === null) missing("fee_handling");
  if (row.fee_prepay_bp === null) missing("fee_prepay");
  if (row.fee_prepay_bp && (!row.prepay_months || row.prepay_months > PREPAY_FEE_MONTHS_MAX)) missing("prepay_months");
  if (!(STAMP_DUTY as readonly (string | null)[]).includes(row.stamp_duty)) missing("stamp_duty");
  if (blank(row.credit_standard)) missing("credit_standard");
  if (!(INTEREST_TIMINGS as readonly (string | null)[]).includes(row.interest_timing)) missing("interest_timing");
  return [...gaps, ...approvalGaps(row, now)];
}

/** Shown to visitors at `now`. */
export const productApproved = (row: LegalColumns, now: Date) => productGaps(row, now).length === 0;
