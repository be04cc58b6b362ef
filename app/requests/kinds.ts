import type { ApplicationStage, ConsultationStage, RequestStage } from "#db/schema.ts";
import { QUESTION_SEQ } from "#app/requests/questions.ts";

/**
 * What the inbox holds: the four kinds of request visitors send, and the
 * stages each goes through (a consultation the loan stages, the others a
 * short workflow; the moves allowed between them are in
 * app/features/pipeline/stages.ts). Shared by the forms, the status page
 * and the console.
 */
export const REQUEST_KINDS = ["consultation", "proposal", "as", "purchase"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const CONSULTATION_STAGES = [
  "new",
  "contacting",
  "consulted",
  "documents",
  "with_lender",
  "approved",
  "declined",
  "closed",
] as const satisfies readonly ConsultationStage[];
export const APPLICATION_STAGES = ["new", "in_progress", "done", "closed"] as const satisfies readonly ApplicationStage[];
/** Every stage of any kind, in the order the inbox's filter lists them. */
export const REQUEST_STAGES: readonly RequestStage[] = [...CONSULTATION_STAGES.slice(0, -1), "in_progress", "done", "closed"];
export type { RequestStage };

/** The stages of one kind of request. */
export function stagesOf(kind: RequestKind): readonly RequestStage[] {
  return kind === "consultation" ? CONSULTATION_STAGES : APPLICATION_STAGES;
}

export function isRequestKind(value: unknown): value is RequestKind {
  return typeof value === "string" && (REQUEST_KINDS as readonly string[]).includes(value);
}

export function isRequestStage(value: unknown): value is RequestStage {
  return typeof value === "string" && (REQUEST_STAGES as readonly string[]).includes(value);
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

/** What can have a private status link (issue 28): every request a visitor sends, and rights requests. */
export const STATUS_KINDS = ["consultation", "proposal", "as", "purchase", "rights"] as const;
export type StatusKind = (typeof STATUS_KINDS)[number];

export function isStatusKind(value: unknown): value is StatusKind {
  return typeof value === "string" && (STATUS_KINDS as readonly string[]).includes(value);
}

/** The status page lives under this path; the rest is the token. */
export const STATUS_PATH_PREFIX = "/status/";
