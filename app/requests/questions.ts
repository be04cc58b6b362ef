/**
 * Spec §3: the question numbers of a consultation's answer_list — the one
 * numbering that the form, the API, the storage, the console and the CSV
 * export read (no imports: the console's client code uses it too).
 */
export const QUESTION_SEQ = { type: 1, visaType: 2, expiryDate: 3, nationality: 4, name: 5, phone: 6 } as const;
export type AnswerField = keyof typeof QUESTION_SEQ;
export const ANSWER_FIELDS = Object.keys(QUESTION_SEQ) as AnswerField[];

/** Question 2's answers (spec §3), in the order the select shows them. */
export const VISA_OPTIONS = ["D-2", "E-9", "E-7", "E-10", "F-2", "F-4", "F-5", "F-6", "Others"] as const;
