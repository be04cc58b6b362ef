/**
 * The legal modal opens when the URL has `?policy=<kind>` (spec §2 Overlays),
 * so a link to a policy works from anywhere, without JavaScript, and can be
 * shared. Forms link their "view full policy" here.
 */
export const POLICY_KINDS = ["privacy", "service", "notice", "complaint"] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];
export const POLICY_PARAM = "policy";

/** Version date of each document (spec §2): what a consent record stores. */
export const POLICY_VERSIONS: Record<PolicyKind, string> = {
  privacy: "2023-03-06",
  service: "2023-05-18",
  notice: "2023-05-08",
  complaint: "2023-05-08",
};

export function isPolicyKind(value: unknown): value is PolicyKind {
  return typeof value === "string" && (POLICY_KINDS as readonly string[]).includes(value);
}

/** The current URL with `?policy=kind` added (keeps the other parameters). */
export function policyHref(location: { pathname: string; search: string }, kind: string): string {
  const params = new URLSearchParams(location.search);
  params.set(POLICY_PARAM, kind);
  return `${location.pathname}?${params.toString()}`;
}
