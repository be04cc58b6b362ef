import type { Route } from "./+types/svc.answer";
import { svcAction, svcBody, svcError, svcMethodNotAllowed, svcOk } from "#app/web/svc.server.ts";
import { MESSAGES, answerPayloadSchema, payloadErrorKeys, toConsultation } from "#app/features/consultation/schema.ts";
import {
  BODY_LIMIT,
  RATE_BUCKET,
  acceptConsultation,
  consultationCheck,
  mustAskContact,
} from "#app/features/consultation/consultation.server.ts";
import { sourceOfPayload } from "#app/requests/source.server.ts";
import { statusUrlFor } from "#app/requests/status-answer.server.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/answer/create (spec §7): stores a consultation request once per submission_id. */
export const action = svcAction(RATE_BUCKET, async ({ request, context }: Route.ActionArgs, t) => {
  const payload = await svcBody(request, answerPayloadSchema, { limit: BODY_LIMIT, crossField: true, errorKeys: payloadErrorKeys });
  if (!payload) return svcOk({ submission_id: null, status_url: statusUrlFor(context, request, null) });
  const consultation = toConsultation(payload.output);
  // A number that refused contact: asked on the form whether this request may be called, never stored uncalled.
  if (await mustAskContact(context, consultation)) return svcError(400, t(MESSAGES.contactOk), { contact_ok: t(MESSAGES.contactOk) });
  // An eligibility check (issue 27) is recomputed here; answers it cannot read are refused, nothing stored.
  const check = await consultationCheck(context, consultation);
  if (consultation.check && !check) return svcError(400, t(MESSAGES.check), { eligibility_check: t(MESSAGES.check) });
  const stored = await acceptConsultation(context, consultation, "api", check, sourceOfPayload(payload.body));
  return svcOk({ submission_id: payload.output.submissionId, status_url: statusUrlFor(context, request, stored.statusToken) });
});
