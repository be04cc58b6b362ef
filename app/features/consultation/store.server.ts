import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { recordRequest, type RequestStore } from "#app/lib/submission.server.ts";
import { POLICY_VERSIONS } from "#app/features/legal/links.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { answerList, type ConsultationOutput } from "#app/features/consultation/schema.ts";

/**
 * What a consultation request agrees to (spec §9 retention): the required
 * collection-and-use consent and the optional marketing consent, both
 * described by the privacy policy, so both carry its version date.
 */
const CONSENTS = {
  required: { kind: "privacy", version: POLICY_VERSIONS.privacy },
  marketing: { kind: "marketing", version: POLICY_VERSIONS.privacy },
} as const;

interface StoredConsultation {
  id: number;
  /** False when this submission id was already stored (a retry or a double tap). */
  created: boolean;
}

/**
 * Stores one request — the answer, its six items, its consent records and
 * its alerts — in one transaction. Idempotent on the submission id: a retried submission
 * answers the row stored the first time, also when two copies race (the
 * unique index decides; the loser inserts nothing and reads the winner's row).
 */
export async function storeConsultation(
  store: RequestStore,
  input: ConsultationOutput & { lang: Locale },
  now = new Date(),
): Promise<StoredConsultation> {
  const { db } = store;
  const { submissionId } = input;
  if (submissionId) {
    const existing = await findBySubmissionId(db, submissionId);
    if (existing) return { id: existing, created: false };
  }
  const at = now.toISOString();
  const stored = await recordRequest(store, { kind: "consultation", lang: input.lang, now }, async (trx) => {
    const row = await trx
      .insertInto("consultation_answers")
      .values({ submission_id: submissionId, lang: input.lang, marketing_yn: input.marketing ? "Y" : "N", created_at: at, updated_at: at })
      .onConflict((oc) => oc.column("submission_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) return { id: 0, created: false };
    await trx
      .insertInto("consultation_answer_items")
      .values(answerList(input.answers).map((a) => ({ answer_id: row.id, ...a })))
      .execute();
    await trx
      .insertInto("consent_records")
      .values([
        {
          answer_id: row.id,
          policy_kind: CONSENTS.required.kind,
          policy_version: CONSENTS.required.version,
          agreed_yn: "Y",
          lang: input.lang,
          created_at: at,
        },
        {
          answer_id: row.id,
          policy_kind: CONSENTS.marketing.kind,
          policy_version: CONSENTS.marketing.version,
          agreed_yn: input.marketing ? "Y" : "N",
          lang: input.lang,
          created_at: at,
        },
      ])
      .execute();
    return { id: row.id, created: true };
  });
  if (stored.created) return stored;
  // Lost the race to a copy of the same submission: answer with the stored row.
  const winner = submissionId ? await findBySubmissionId(db, submissionId) : undefined;
  if (winner === undefined) throw new Error("consultation insert conflicted but no row was found");
  return { id: winner, created: false };
}

async function findBySubmissionId(db: Kysely<Database>, submissionId: string): Promise<number | undefined> {
  const row = await db.selectFrom("consultation_answers").select("id").where("submission_id", "=", submissionId).executeTakeFirst();
  return row?.id;
}
