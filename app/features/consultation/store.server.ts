import { insertOnce, recordRequest, requestTimes, type RequestStore } from "#app/requests/record.server.ts";
import { policyVersionInForce } from "#app/features/legal/documents.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { answerList, type ConsultationOutput } from "#app/features/consultation/schema.ts";
import { storeCheck, type ComputedCheck } from "#app/features/eligibility/consultation-check.server.ts";
import type { RequestSource } from "#app/requests/source.ts";
import { assignInTurn } from "#app/features/pipeline/assignment.server.ts";
import { allowContactFor, isDoNotContact } from "#app/requests/do-not-contact.server.ts";

/**
 * What a consultation request agrees to (spec §9 retention): the required
 * collection-and-use consent and the optional marketing consent, both
 * described by the privacy policy, so both carry the date of the version in
 * force when they were given (issue 36: read from the data, legal_versions).
 */
const CONSENTS = {
  required: { kind: "privacy", policy: "privacy" },
  marketing: { kind: "marketing", policy: "privacy" },
} as const;

interface StoredConsultation {
  id: number;
  /** False when this submission id was already stored (a retry or a double tap). */
  created: boolean;
  /** The private status link's token (issue 28): the same for a retry. */
  statusToken: string;
}

/**
 * Stores one request — the answer, its six items, its consent records, the
 * eligibility check the visitor sent with it (issue 27) and its alerts — in
 * one transaction. Idempotent on the submission id like every
 * request (`insertOnce`): a retried submission answers the row stored the
 * first time, also when two copies race (the unique index decides; the loser
 * inserts nothing and reads the winner's row).
 */
export async function storeConsultation(
  store: RequestStore,
  input: ConsultationOutput & { lang: Locale; computedCheck?: ComputedCheck | null },
  source: RequestSource = {},
  now = new Date(),
): Promise<StoredConsultation> {
  const at = now.toISOString();
  // "unknown" only if the privacy policy had no version in force (a database without its first versions).
  const version = (await policyVersionInForce(store.db, CONSENTS.required.policy, now)) ?? "unknown";
  return recordRequest(
    store,
    { kind: "consultation", lang: input.lang, now, source, step: assignInTurn, phone: input.answers.phone },
    async (trx) => {
      const stored = await insertOnce(trx, "consultation_answers", {
        submission_id: input.submissionId,
        lang: input.lang,
        marketing_yn: input.marketing ? "Y" : "N",
        ...requestTimes(now),
      });
      if (!stored.created) return stored;
      await trx
        .insertInto("consultation_answer_items")
        .values(answerList(input.answers).map((a) => ({ answer_id: stored.id, ...a })))
        .execute();
      await trx
        .insertInto("consent_records")
        .values([
          {
            answer_id: stored.id,
            policy_kind: CONSENTS.required.kind,
            policy_version: version,
            agreed_yn: "Y",
            lang: input.lang,
            created_at: at,
          },
          {
            answer_id: stored.id,
            policy_kind: CONSENTS.marketing.kind,
            policy_version: version,
            agreed_yn: input.marketing ? "Y" : "N",
            lang: input.lang,
            created_at: at,
          },
        ])
        .execute();
      if (input.computedCheck) await storeCheck(trx, stored.id, input.computedCheck, now);
      // The number refused contact and its sender said this request may be called: lifted for it alone, recorded.
      if (input.contactOk && (await isDoNotContact(trx, input.answers.phone)))
        await allowContactFor(trx, { kind: "consultation", id: stored.id }, now);
      return stored;
    },
  );
}
