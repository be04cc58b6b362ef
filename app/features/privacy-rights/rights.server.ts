import { localeOf } from "#app/i18n/route.server.ts";
import { HONEYPOT_FIELD, isSpam } from "#app/lib/honeypot.ts";
import { echoValues, formAction, formFailedBy, formInvalid, formSent } from "#app/web/form-action.server.ts";
import { formObject, readUrlEncoded } from "#app/lib/http.server.ts";
import { validate } from "#app/lib/schema.ts";
import { recordRequest, requestTimes, type RequestStore } from "#app/requests/record.server.ts";
import { RIGHTS_FIELDS, rightsFormChecked, type RightsInput } from "#app/features/privacy-rights/schema.ts";
import { dueAt } from "#app/features/privacy-rights/deadlines.ts";
import { statusPathFor } from "#app/requests/status-answer.server.ts";
import { requestStore } from "#app/features/alerts/context.server.ts";
import { audit, SYSTEM_ACTOR } from "#app/features/audit/audit.server.ts";
import { forbidContact, isDoNotContact, liftContactRefusal } from "#app/requests/do-not-contact.server.ts";
import { phoneIsKnown } from "#app/requests/phone.server.ts";
import { koreanMobile } from "#app/requests/phone.ts";
import { ALLOW_CONTACT, PROVEN_KINDS, REFUSE_CONTACT } from "#app/features/privacy-rights/schema.ts";
import { proofAnswer, proofStep } from "#app/features/phone-proof/proof.server.ts";
import type { CodePurpose } from "#app/features/phone-proof/codes.server.ts";

export const RIGHTS_BUCKET = "rights";
const BODY_LIMIT = 4 * 1024;
/** The same request (right and number) again within this time is the same request, tapped twice. */
export const RIGHTS_REPEAT_MS = 10 * 60 * 1000;

/**
 * Stores a rights request, with its alerts, once: the same right for the same
 * number within ten minutes finds the first. The answer never says whether
 * the number is known to us. A refusal of further contact (금융소비자보호법
 * 제21조의2, which says "at once") is carried out in the same transaction:
 * the number goes on the pipeline's "do not contact" list, every call
 * scheduled to it is cleared, the request is recorded as answered by the
 * system, and the audit log says so (without the number).
 */
export async function createRightsRequest(store: RequestStore, input: RightsInput, lang: string, now = new Date(), proven = false) {
  const since = new Date(now.getTime() - RIGHTS_REPEAT_MS).toISOString();
  return recordRequest(store, { kind: "rights", lang, now }, async (trx) => {
    const first = await trx
      .selectFrom("rights_requests")
      .select("id")
      .where("request_kind", "=", input.request)
      .where("phone", "=", input.phone)
      .where("created_at", ">=", since)
      .executeTakeFirst();
    if (first) return { id: first.id, created: false };
    const row = await trx
      .insertInto("rights_requests")
      .values({
        request_kind: input.request,
        phone: input.phone,
        message: input.request === "complaint" ? input.message : null,
        due_at: dueAt(input.request, now),
        submission_id: null,
        lang,
        proven_at: proven ? now.toISOString() : null,
        ...requestTimes(now),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Only a number proven with a code (ADR 0049): nobody refuses or allows contact for a number that is not theirs.
    if ((input.request === REFUSE_CONTACT || input.request === ALLOW_CONTACT) && proven) {
      const at = now.toISOString();
      const detail =
        input.request === REFUSE_CONTACT
          ? `do_not_contact (rights request, number proven by code); calls cleared ${await forbidContact(trx, input.phone, null, now)}`
          : `do_not_contact lifted (rights request, number proven by code); was on the list: ${await liftContactRefusal(trx, input.phone)}`;
      await trx
        .updateTable("rights_requests")
        .set({ answered_at: at, answered_by: SYSTEM_ACTOR, status: "closed", updated_at: at })
        .where("id", "=", row.id)
        .execute();
      await audit(trx, null, "call", { kind: "rights", id: row.id }, detail, now);
    }
    return { id: row.id, created: true };
  });
}

/** The rights form, with or without JavaScript (the shared form pipeline). */
export const rightsFormAction = formAction(RIGHTS_BUCKET, async (args) => {
  const { request, context } = args;
  const form = formObject(await readUrlEncoded(request, BODY_LIMIT));
  if (isSpam(form[HONEYPOT_FIELD])) return formSent(statusPathFor(context, null));
  const result = validate(rightsFormChecked, form);
  if (!result.success) return formInvalid(result.errors, echoValues(form, RIGHTS_FIELDS));
  const purpose = PROVEN_KINDS[result.output.request];
  if (purpose && !koreanMobile(form.phone ?? "")) {
    // The number must take a code: a Korean mobile (another number is proven by calling the help centre).
    return formInvalid({ phone: "rights.proof.mobile" }, echoValues(form, RIGHTS_FIELDS));
  }
  let stored: Awaited<ReturnType<typeof createRightsRequest>>;
  try {
    let proven = false;
    if (purpose) {
      const keep = { request: result.output.request, message: result.output.message };
      const outcome = await proofStep(args, { ...form, step: form.step ?? "send" }, purpose, codeApplies(purpose), keep);
      if ("answer" in outcome) return outcome.answer;
      proven = true;
    }
    stored = await createRightsRequest(requestStore(context), result.output, localeOf(context), new Date(), proven);
  } catch (error) {
    // The database away while the code is sent or checked, or while the request is stored: the form again with what was typed.
    return formFailedBy(error, { context }, "form.failed", { values: echoValues(form, RIGHTS_FIELDS), fields: { bucket: RIGHTS_BUCKET } });
  }
  // The same private status link as every request (issue 28): it shows the date we must answer by.
  return formSent(statusPathFor(context, stored.statusToken), result.output.request);
});

/**
 * Whether a code goes out for a purpose (the answer is the same either way):
 * a refusal may come before any request, so any mobile gets one; lifting only
 * a number on the list; an erasure only a number we hold requests of.
 */
function codeApplies(purpose: CodePurpose) {
  return async (db: Parameters<typeof phoneIsKnown>[0], phone: string): Promise<boolean> =>
    purpose === "refuse" ? true : purpose === "lift" ? isDoNotContact(db, phone) : phoneIsKnown(db, phone);
}

export { proofAnswer };
