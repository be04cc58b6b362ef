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
import { forbidContact } from "#app/requests/do-not-contact.server.ts";
import { REFUSE_CONTACT } from "#app/features/privacy-rights/schema.ts";

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
export async function createRightsRequest(store: RequestStore, input: RightsInput, lang: string, now = new Date()) {
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
        ...requestTimes(now),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (input.request === REFUSE_CONTACT) {
      const cleared = await forbidContact(trx, input.phone, null, now);
      const at = now.toISOString();
      await trx
        .updateTable("rights_requests")
        .set({ answered_at: at, answered_by: SYSTEM_ACTOR, status: "closed", updated_at: at })
        .where("id", "=", row.id)
        .execute();
      await audit(trx, null, "call", { kind: "rights", id: row.id }, `do_not_contact (rights request); calls cleared ${cleared}`, now);
    }
    return { id: row.id, created: true };
  });
}

/** The rights form, with or without JavaScript (the shared form pipeline). */
export const rightsFormAction = formAction(RIGHTS_BUCKET, async ({ request, context }) => {
  const form = formObject(await readUrlEncoded(request, BODY_LIMIT));
  if (isSpam(form[HONEYPOT_FIELD])) return formSent(statusPathFor(context, null));
  const result = validate(rightsFormChecked, form);
  if (!result.success) return formInvalid(result.errors, echoValues(form, RIGHTS_FIELDS));
  let stored: Awaited<ReturnType<typeof createRightsRequest>>;
  try {
    stored = await createRightsRequest(requestStore(context), result.output, localeOf(context));
  } catch (error) {
    return formFailedBy(error, { context }, "form.failed", { values: echoValues(form, RIGHTS_FIELDS), fields: { bucket: RIGHTS_BUCKET } });
  }
  // The same private status link as every request (issue 28): it shows the date we must answer by.
  return formSent(statusPathFor(context, stored.statusToken), result.output.request);
});
