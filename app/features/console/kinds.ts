import { href } from "react-router";
import type { RequestStatus } from "#db/schema.ts";
import { QUESTION_SEQ } from "#app/features/consultation/questions.ts";

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

/**
 * The console's names of the consultation questions (its catalog's
 * `field.<name>`, the CSV columns), numbered by the consultation's one
 * question map: renumbering a question there renumbers it here.
 */
export const CONSULTATION_QUESTIONS = {
  intent: QUESTION_SEQ.type,
  visa: QUESTION_SEQ.visaType,
  expiry: QUESTION_SEQ.expiryDate,
  nationality: QUESTION_SEQ.nationality,
  name: QUESTION_SEQ.name,
  phone: QUESTION_SEQ.phone,
} as const;
export type ConsultationQuestion = keyof typeof CONSULTATION_QUESTIONS;
export const CONSULTATION_FIELDS = Object.keys(CONSULTATION_QUESTIONS) as ConsultationQuestion[];

/** The console's own pages, for its navigation. */
export const ACCOUNT_PATH = href("/admin/account");
export const SIGN_IN_PATH = href("/admin/sign-in");

export function requestHref(kind: RequestKind, id: number): string {
  return href("/admin/requests/:kind/:id", { kind, id: String(id) });
}
