import type { RequestStatus } from "#db/schema.ts";

/**
 * What the inbox holds: the four kinds of request visitors send, and the
 * operator workflow every request goes through (new → contacted → closed).
 * Shared by the console's components and its server code.
 */
export const REQUEST_KINDS = ["consultation", "proposal", "as", "purchase"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_STATUSES = ["new", "contacted", "closed"] as const satisfies readonly RequestStatus[];
export type { RequestStatus };

export function isRequestKind(value: unknown): value is RequestKind {
  return typeof value === "string" && (REQUEST_KINDS as readonly string[]).includes(value);
}

export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === "string" && (REQUEST_STATUSES as readonly string[]).includes(value);
}

/** Consultation answer items by question number (spec §3). */
export const CONSULTATION_QUESTIONS = { intent: 1, visa: 2, expiry: 3, nationality: 4, name: 5, phone: 6 } as const;
type ConsultationQuestion = keyof typeof CONSULTATION_QUESTIONS;
export const CONSULTATION_FIELDS = Object.keys(CONSULTATION_QUESTIONS) as ConsultationQuestion[];

/** The console's sign-in page. */
export const SIGN_IN_PATH = "/admin/sign-in";

export function requestHref(kind: RequestKind, id: number): string {
  return `/admin/requests/${kind}/${id}`;
}
