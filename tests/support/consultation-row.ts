import type { Kysely } from "kysely";
import type { ConsultationStage, Database } from "#db/schema.ts";
import { CONSULTATION_QUESTIONS } from "#app/requests/kinds.ts";

/** What a test lead may start with besides its arrival. */
export type LeadValues = {
  /** The request's language (Vietnamese unless given). */
  lang?: string;
  status?: ConsultationStage;
  assigned_operator_id?: number;
  next_call_at?: string;
  next_call_asked?: number;
};

/**
 * A consultation as stored (its name and phone answers only), arrived at
 * `at` (ISO): the pipeline's tests' lead. The phone may be made from the id.
 */
export async function consultationRow(
  db: Kysely<Database>,
  phone: string | ((id: number) => string),
  at: string,
  name = "NGUYEN VAN A",
  values: LeadValues = {},
): Promise<number> {
  const { id } = await db
    .insertInto("consultation_answers")
    .values({ submission_id: null, lang: "vi", marketing_yn: "N", created_at: at, updated_at: at, ...values })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("consultation_answer_items")
    .values([
      { answer_id: id, question_seq: CONSULTATION_QUESTIONS.name, answer_content: name },
      { answer_id: id, question_seq: CONSULTATION_QUESTIONS.phone, answer_content: typeof phone === "string" ? phone : phone(id) },
    ])
    .execute();
  return id;
}
