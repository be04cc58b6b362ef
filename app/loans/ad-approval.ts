import { addDays, isIsoDay, seoulDayStart, todayInSeoul } from "#app/lib/seoul-time.ts";

/**
 * The two approvals every loan ad needs before it is shown (issue 35, ADR
 * 0039): the lender's confirmation of the ad (금소법 시행령 제17조①2, the
 * FSC's 금융광고규제 가이드라인: "○○은행 확인필 제○호") and the compliance
 * officer's review (시행령 제19조②: "준법감시인 심의필 제○호"), each with the
 * last day it is valid (YYYY-MM-DD, Korea; valid through that whole day).
 * A product, a partner banner and the event popup each carry their own. Pure
 * and client-safe: the console's forms, the publication gate and the public
 * read path share it, and it is tested with fixed clocks.
 */
export const APPROVAL_FIELDS = ["confirm_no", "confirm_until", "review_no", "review_until"] as const;
export type ApprovalField = (typeof APPROVAL_FIELDS)[number];
export type AdApproval = Record<ApprovalField, string | null | undefined>;

/** What keeps an ad from being published: a field left empty, a day not a day, or a validity already over. */
export type GapProblem = "missing" | "date" | "expired" | "cap" | "unknown";
export interface Gap<F extends string = string> {
  field: F;
  problem: GapProblem;
}

/** Days before the end of a validity when the console starts warning. */
export const EXPIRY_WARNING_DAYS = 14;
/** The longest a number or a name may be. */
export const APPROVAL_NUMBER_MAX = 60;

const filled = (value: string | null | undefined): value is string => !!value && value.trim() !== "";

/** Whether `until` (YYYY-MM-DD) still covers `now`: valid through the whole of that day in Korea. */
export function validAt(until: string, now: Date): boolean {
  return isIsoDay(until) && todayInSeoul(now) <= until;
}

/** The instant `until` stops covering: the next midnight in Korea. */
export function endOfValidity(until: string): Date {
  return seoulDayStart(addDays(until, 1));
}

/** Every reason this approval cannot be published at `now`, in the form's order; none: publishable. */
export function approvalGaps(approval: Partial<AdApproval>, now: Date): Gap<ApprovalField>[] {
  const gaps: Gap<ApprovalField>[] = [];
  for (const [number, until] of [
    ["confirm_no", "confirm_until"],
    ["review_no", "review_until"],
  ] as const) {
    if (!filled(approval[number])) gaps.push({ field: number, problem: "missing" });
    const day = approval[until];
    if (!filled(day)) gaps.push({ field: until, problem: "missing" });
    else if (!isIsoDay(day)) gaps.push({ field: until, problem: "date" });
    else if (!validAt(day, now)) gaps.push({ field: until, problem: "expired" });
  }
  return gaps;
}

/** Shown to visitors at `now`: both numbers there and both validities running. */
export const approvedAt = (approval: Partial<AdApproval>, now: Date) => approvalGaps(approval, now).length === 0;

/** An approval running out within `days` of `now` (still valid today). */
export interface Expiring {
  which: "confirm" | "review";
  until: string;
  /** Whole days left after today (0: ends tonight). */
  daysLeft: number;
}

export function expiringSoon(approval: Partial<AdApproval>, now: Date, days = EXPIRY_WARNING_DAYS): Expiring[] {
  const today = todayInSeoul(now);
  const out: Expiring[] = [];
  for (const which of ["confirm", "review"] as const) {
    const until = approval[`${which}_until`];
    if (!filled(until) || !isIsoDay(until) || until < today) continue;
    const daysLeft = Math.round((seoulDayStart(until).getTime() - seoulDayStart(today).getTime()) / 86_400_000);
    if (daysLeft <= days) out.push({ which, until, daysLeft });
  }
  return out;
}
