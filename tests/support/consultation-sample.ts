/**
 * A valid `POST /svc/answer/create` body (spec §7): the six answers in the
 * order of their question numbers (spec §3). For the tests and the benchmark
 * that need a consultation to send, not to check field by field.
 */
export function sampleConsultation({
  submissionId,
  name = "NGUYEN VAN A",
  phone = "01012345678",
  marketing = "N",
}: {
  submissionId: string;
  name?: string;
  phone?: string;
  marketing?: "Y" | "N";
}) {
  return {
    submission_id: submissionId,
    marketing_yn: marketing,
    answer_list: [
      { question_seq: 1, answer_content: "yes" },
      { question_seq: 2, answer_content: "E-9" },
      { question_seq: 3, answer_content: "20271231" },
      { question_seq: 4, answer_content: "Vietnam" },
      { question_seq: 5, answer_content: name },
      { question_seq: 6, answer_content: phone },
    ],
  };
}

/** The same request as the no-JavaScript form posts it (app/routes/loan-consultation.tsx). */
export const SAMPLE_CONSULTATION_FORM: Readonly<Record<string, string>> = {
  type: "no",
  visaType: "F-6",
  expiryChoice: "unknown",
  expiryDate: "",
  nationality: "Mongolia",
  name: "BAT-ERDENE",
  phone: "01098765432",
  agreeRequired: "Y",
};
