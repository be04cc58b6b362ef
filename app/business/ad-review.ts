/**
 * Who reviews the firm's ads (issue 48 item 2; review N4): 금소법 시행령 제19조② has an ad reviewed
 * by the "준법감시인(준법감시인이 없는 경우에는 감사)". A small broker usually has no 준법감시인, so the
 * role is the business's setting (the console's Business page), and every ad's "… 심의필" line
 * names the role that truly reviewed it. No row: the compliance officer, as the sample firm has.
 */
export const REVIEWER_ROLES = ["compliance_officer", "auditor"] as const;
export type ReviewerRole = (typeof REVIEWER_ROLES)[number];
export const DEFAULT_REVIEWER_ROLE: ReviewerRole = "compliance_officer";

export const isReviewerRole = (value: unknown): value is ReviewerRole =>
  typeof value === "string" && (REVIEWER_ROLES as readonly string[]).includes(value);

/** A stored document as the role: `{"reviewerRole": "auditor"}`; anything else keeps the default. */
export function readReviewerRole(json: string | null): ReviewerRole {
  try {
    const parsed: unknown = json === null ? null : JSON.parse(json);
    const role = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>).reviewerRole : null;
    return isReviewerRole(role) ? role : DEFAULT_REVIEWER_ROLE;
  } catch {
    return DEFAULT_REVIEWER_ROLE;
  }
}
