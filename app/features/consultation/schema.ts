import { noControlCharacters, requiredText, v } from "#app/lib/schema.ts";
import { SUBMISSION_ID_PATTERN } from "#app/lib/submission.ts";
import { expiryDigits, isRealDate } from "#app/requests/expiry-date.ts";
import { KOREAN_MOBILE, koreanMobileField, normalizePhone } from "#app/requests/phone.ts";
import { ANSWER_FIELDS, QUESTION_SEQ, VISA_OPTIONS, type AnswerField } from "#app/requests/questions.ts";
import type { SentCheck } from "#app/features/eligibility/query.ts";

/**
 * The loan consultation request (spec §3, §5, §7): one set of field rules,
 * used by two schemas —
 *  - `consultationFormSchema`: the form state (client, and the route action
 *    of the form posted without JavaScript);
 *  - `answerPayloadSchema`: the JSON of `POST /svc/answer/create`.
 * Both end in the same normalised `ConsultationOutput`. Messages are catalog
 * keys, translated where they are shown.
 *
 * The API payload:
 * ```
 * {
 *   "submission_id": "…",     // optional; client-made, 8–64 of [A-Za-z0-9-]; a retry with the same id is stored once
 *   "marketing_yn": "Y" | "N",
 *   "agree_yn": "Y",          // optional; the required consent. The spec's payload has no such field (its form
 *                             //   only calls after consent), so absent means agreed; anything but "Y" is refused
 *   "answer_list": [          // exactly one entry per question_seq 1..6, in any order
 *     { "question_seq": 1, "answer_content": "yes" | "no" },            // intent
 *     { "question_seq": 2, "answer_content": "D-2" | … | "Others" },    // visa type
 *     { "question_seq": 3, "answer_content": "20270315" | "2027/03/15" | "unknown" },
 *                             //   expiry date; "unknown" = the visitor does not know it (the form's
 *                             //   "don't know" choice); empty is refused: "Please enter the expiry date."
 *     { "question_seq": 4, "answer_content": "nationality" },
 *     { "question_seq": 5, "answer_content": "full name" },
 *     { "question_seq": 6, "answer_content": "01012345678" }           // Korean mobile, digits kept
 *   ]
 * }
 * ```
 * Stored answers are normalised: the date as YYYYMMDD (or "unknown"), the
 * phone as digits only.
 */

export const INTENT_OPTIONS = ["yes", "no"] as const;
export const EXPIRY_CHOICES = ["date", "unknown"] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** answer_content of question 3 when the visitor does not know the expiry date. */
export const EXPIRY_UNKNOWN = "unknown";

export { ANSWER_FIELDS, QUESTION_SEQ, type AnswerField };

/** A Korean mobile number: the one rule, in app/requests/phone.ts. */
export { KOREAN_MOBILE, normalizePhone };

export const TEXT_MAX = 100;

/** Catalog keys of every message (spec §5 for the visible ones). */
export const MESSAGES = {
  intent: "consultation.errors.intent",
  visa: "consultation.errors.visa",
  expiryChoice: "consultation.errors.expiryChoice",
  dateRequired: "consultation.errors.dateRequired",
  dateFormat: "consultation.errors.dateFormat",
  dateInvalid: "consultation.errors.dateInvalid",
  required: "common.errors.required",
  tooLong: "common.errors.tooLong",
  phoneFormat: "consultation.errors.phoneFormat",
  consent: "consultation.errors.consent",
  marketing: "consultation.errors.marketing",
  /** The number refused contact: may this request be called? (issue 48 item 5) */
  contactOk: "consultation.refused.required",
  answerList: "consultation.errors.answerList",
  answerContent: "consultation.errors.answerContent",
  submission: "consultation.errors.submission",
  check: "consultation.errors.check",
} as const;

/** What is wrong with the expiry date given the choice, or null. */
export function expiryDateProblem(choice: string, date: string): string | null {
  if (choice !== "date") return null;
  if (date.trim() === "") return MESSAGES.dateRequired;
  const digits = expiryDigits(date);
  if (!digits) return MESSAGES.dateFormat;
  return isRealDate(digits) ? null : MESSAGES.dateInvalid;
}

// ---- The field rules, shared by both schemas ----------------------------

const answerEntries = {
  type: v.picklist(INTENT_OPTIONS, MESSAGES.intent),
  visaType: v.picklist(VISA_OPTIONS, MESSAGES.visa),
  expiryChoice: v.picklist(EXPIRY_CHOICES, MESSAGES.expiryChoice),
  /** Checked against the choice by `expiryRule` below. */
  expiryDate: v.pipe(v.string(MESSAGES.dateFormat), v.maxLength(32, MESSAGES.dateFormat)),
  nationality: requiredText(MESSAGES.required, TEXT_MAX, MESSAGES.tooLong),
  name: requiredText(MESSAGES.required, TEXT_MAX, MESSAGES.tooLong),
  phone: koreanMobileField({ required: MESSAGES.required, format: MESSAGES.phoneFormat }),
};

type ExpiryFields = { expiryChoice: ExpiryChoice; expiryDate: string };
const EXPIRY_PATHS = [["expiryChoice"], ["expiryDate"]] as const;
const expiryOk = (input: ExpiryFields) => expiryDateProblem(input.expiryChoice, input.expiryDate) === null;
const expiryMessage = (issue: { input: ExpiryFields }) =>
  expiryDateProblem(issue.input.expiryChoice, issue.input.expiryDate) ?? MESSAGES.dateFormat;
/** The date as stored: YYYYMMDD, or "" when the visitor does not know it. */
const normalizeExpiry = <T extends ExpiryFields>(input: T): T => ({
  ...input,
  expiryDate: input.expiryChoice === "date" ? (expiryDigits(input.expiryDate) ?? "") : "",
});

// ---- The form state ----------------------------------------------------

/** Spec §3 form state (address, description and photos are unused and absent). */
export interface ConsultationFormState {
  type: string;
  visaType: string;
  expiryChoice: string;
  expiryDate: string;
  nationality: string;
  name: string;
  phone: string;
  agreeRequired: boolean;
  agreeMarketing: boolean;
  /** Asked only of a number that refused contact (the server's answer shows it): this request may be called. */
  contactOk: boolean;
  submissionId: string;
}
export type FormField = keyof ConsultationFormState;

export function emptyFormState(submissionId: string): ConsultationFormState {
  return {
    type: "",
    visaType: "",
    expiryChoice: "",
    expiryDate: "",
    nationality: "",
    name: "",
    phone: "",
    agreeRequired: false,
    agreeMarketing: false,
    contactOk: false,
    submissionId,
  };
}

/** The form state of a posted form (field names = state keys; checkboxes send "Y"). */
export function formStateFromForm(form: { get(name: string): unknown }): ConsultationFormState {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    type: text("type"),
    visaType: text("visaType"),
    expiryChoice: text("expiryChoice"),
    expiryDate: text("expiryDate"),
    nationality: text("nationality"),
    name: text("name"),
    phone: text("phone"),
    agreeRequired: form.get("agreeRequired") === "Y",
    agreeMarketing: form.get("agreeMarketing") === "Y",
    contactOk: form.get("contactOk") === "Y",
    submissionId: text("submissionId"),
  };
}

/** The other way: the state as the fields a form posts (what a form result echoes back). */
export function formValues(state: ConsultationFormState): Record<string, string> {
  return {
    ...state,
    agreeRequired: state.agreeRequired ? "Y" : "",
    agreeMarketing: state.agreeMarketing ? "Y" : "",
    contactOk: state.contactOk ? "Y" : "",
  };
}

export const consultationFormSchema = v.pipe(
  v.object({
    ...answerEntries,
    agreeRequired: v.literal(true, MESSAGES.consent),
    agreeMarketing: v.boolean(MESSAGES.marketing),
    contactOk: v.boolean(MESSAGES.contactOk),
    // Empty in a page posted before its script made one (the server then derives it from the content).
    submissionId: v.pipe(
      v.string(MESSAGES.submission),
      v.check((id) => id === "" || SUBMISSION_ID_PATTERN.test(id), MESSAGES.submission),
    ),
  }),
  v.forward(v.partialCheck(EXPIRY_PATHS, expiryOk, expiryMessage), ["expiryDate"]),
  v.transform(normalizeExpiry),
);
export type ConsultationFormOutput = v.InferOutput<typeof consultationFormSchema>;

// ---- The API payload ---------------------------------------------------

const answerItemSchema = v.object({
  question_seq: v.pipe(
    v.number(MESSAGES.answerList),
    v.integer(MESSAGES.answerList),
    v.minValue(1, MESSAGES.answerList),
    v.maxValue(6, MESSAGES.answerList),
  ),
  answer_content: v.pipe(v.string(MESSAGES.answerContent), v.maxLength(500, MESSAGES.tooLong), noControlCharacters()),
});

/** Exactly one entry per question 1..6. */
function onePerQuestion<T extends { question_seq: number }>(list: T[]): boolean {
  const seen = new Set(list.map((a) => a.question_seq));
  return list.length === ANSWER_FIELDS.length && seen.size === ANSWER_FIELDS.length;
}

const checkValue = v.pipe(v.union([v.string(), v.number()], MESSAGES.check), v.transform(String), v.maxLength(40, MESSAGES.check));

/** The eligibility check's own answers (issue 27): the server re-reads them with the check's schema. */
const eligibilityCheckSchema = v.object(
  {
    employed_months: v.optional(checkValue),
    employment: v.optional(checkValue),
    income: v.optional(checkValue),
    amount: v.optional(checkValue),
    months: v.optional(checkValue),
  },
  MESSAGES.check,
);

export const answerPayloadSchema = v.pipe(
  v.object({
    submission_id: v.optional(v.pipe(v.string(MESSAGES.submission), v.regex(SUBMISSION_ID_PATTERN, MESSAGES.submission))),
    marketing_yn: v.picklist(["Y", "N"], MESSAGES.marketing),
    agree_yn: v.optional(v.literal("Y", MESSAGES.consent)),
    answer_list: v.pipe(v.array(answerItemSchema, MESSAGES.answerList), v.check(onePerQuestion, MESSAGES.answerList)),
    eligibility_check: v.optional(eligibilityCheckSchema),
    /** "Y": the sender of a number that refused contact says this request may be called (issue 48 item 5). */
    contact_ok: v.optional(v.literal("Y", MESSAGES.contactOk)),
  }),
  v.transform((payload) => {
    const content = (field: AnswerField) => payload.answer_list.find((a) => a.question_seq === QUESTION_SEQ[field])?.answer_content ?? "";
    const unknown = content("expiryDate").trim().toLowerCase() === EXPIRY_UNKNOWN;
    return {
      type: content("type"),
      visaType: content("visaType"),
      expiryChoice: unknown ? "unknown" : "date",
      expiryDate: unknown ? "" : content("expiryDate"),
      nationality: content("nationality"),
      name: content("name"),
      phone: content("phone"),
      agreeMarketing: payload.marketing_yn === "Y",
      contactOk: payload.contact_ok === "Y",
      submissionId: payload.submission_id ?? null,
      check: (payload.eligibility_check as SentCheck | undefined) ?? null,
    };
  }),
  v.object({
    ...answerEntries,
    agreeMarketing: v.boolean(),
    contactOk: v.boolean(),
    submissionId: v.nullable(v.string()),
    check: v.nullable(v.record(v.string(), v.string())),
  }),
  v.forward(v.partialCheck(EXPIRY_PATHS, expiryOk, expiryMessage), ["expiryDate"]),
  v.transform(normalizeExpiry),
);
export type AnswerPayloadInput = v.InferInput<typeof answerPayloadSchema>;

// ---- Between the two ---------------------------------------------------

export type Answers = Pick<ConsultationFormOutput, AnswerField | "expiryChoice">;

/** What the server stores, from either schema. */
export interface ConsultationOutput {
  answers: Answers;
  marketing: boolean;
  /** The sender said this request may be called although its number refused contact. */
  contactOk?: boolean;
  submissionId: string | null;
  /** The eligibility check's answers the visitor agreed to send (issue 27), or null. */
  check?: SentCheck | null;
}

export function toConsultation(
  output: Answers & { agreeMarketing: boolean; contactOk?: boolean; submissionId: string | null; check?: SentCheck | null },
): ConsultationOutput {
  const { type, visaType, expiryChoice, expiryDate, nationality, name, phone } = output;
  return {
    answers: { type, visaType, expiryChoice, expiryDate, nationality, name, phone },
    marketing: output.agreeMarketing,
    contactOk: output.contactOk ?? false,
    submissionId: output.submissionId,
    check: output.check ?? null,
  };
}

/** answer_list, ordered by question number. */
export function answerList(answers: Answers): { question_seq: number; answer_content: string }[] {
  return ANSWER_FIELDS.map((field) => ({
    question_seq: QUESTION_SEQ[field],
    answer_content: field === "expiryDate" && answers.expiryChoice === "unknown" ? EXPIRY_UNKNOWN : answers[field],
  }));
}

/** The JSON the form sends to POST /svc/answer/create, with the eligibility check's answers when the visitor agreed. */
export function toPayload(output: ConsultationFormOutput, check: SentCheck | null = null) {
  return {
    submission_id: output.submissionId || undefined,
    marketing_yn: output.agreeMarketing ? "Y" : "N",
    agree_yn: "Y",
    answer_list: answerList(output),
    ...(check ? { eligibility_check: check } : {}),
    ...(output.contactOk ? { contact_ok: "Y" as const } : {}),
  } satisfies AnswerPayloadInput;
}

/**
 * API error keys: a problem with one answer is reported as
 * `answer_list.<question_seq>`; the others keep their payload name.
 */
export function payloadErrorKeys(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [
      key in QUESTION_SEQ ? `answer_list.${QUESTION_SEQ[key as AnswerField]}` : key,
      message,
    ]),
  );
}

/** The other way: API errors back onto the form's fields. */
export function formErrorsFromPayload(errors: Record<string, string>): Partial<Record<FormField, string>> {
  const out: Partial<Record<FormField, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const seq = /^answer_list\.(\d)$/.exec(key)?.[1];
    const field = ANSWER_FIELDS.find((f) => String(QUESTION_SEQ[f]) === seq);
    if (field) out[field] = message;
    else if (key === "agree_yn") out.agreeRequired = message;
    else if (key === "marketing_yn") out.agreeMarketing = message;
    else if (key === "contact_ok") out.contactOk = message;
  }
  return out;
}
