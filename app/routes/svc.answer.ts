import type { Route } from "./+types/svc.answer";
import { svcAction, svcMethodNotAllowed, svcOk, svcPayload } from "#app/lib/svc.server.ts";
import { answerPayloadSchema, payloadErrorKeys, toConsultation } from "#app/features/consultation/schema.ts";
import { svcError } from "#app/lib/svc.server.ts";
import { BODY_LIMIT, RATE_BUCKET, acceptConsultation, consultationCheck } from "#app/features/consultation/consultation.server.ts";
import { MESSAGES } from "#app/features/consultation/schema.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/answer/create (spec §7): stores a consultation request once per submission_id. */
export const action = svcAction(RATE_BUCKET, async ({ request, context }: Route.ActionArgs, t) => {
  const payload = await svcPayload(request, answerPayloadSchema, { limit: BODY_LIMIT, crossField: true, errorKeys: payloadErrorKeys });
  if (!payload) return svcOk({ submission_id: null });
  const consultation = toConsultation(payload);
  // An eligibility check (issue 27) is recomputed here; answers it cannot read are refused, nothing stored.
  const check = await consultationCheck(context, consultation);
  if (consultation.check && !check) return svcError(400, t(MESSAGES.check), { eligibility_check: t(MESSAGES.check) });
  await acceptConsultation(context, consultation, "api", check);
  return svcOk({ submission_id: payload.submissionId });
});
