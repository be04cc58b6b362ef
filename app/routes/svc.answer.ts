import type { Route } from "./+types/svc.answer";
import { svcAction, svcMethodNotAllowed, svcOk, svcPayload } from "#app/lib/svc.server.ts";
import { answerPayloadSchema, payloadErrorKeys, toConsultation } from "#app/features/consultation/schema.ts";
import { BODY_LIMIT, RATE_BUCKET, acceptConsultation } from "#app/features/consultation/consultation.server.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/answer/create (spec §7): stores a consultation request once per submission_id. */
export const action = svcAction(RATE_BUCKET, async ({ request, context }: Route.ActionArgs) => {
  const payload = await svcPayload(request, answerPayloadSchema, { limit: BODY_LIMIT, crossField: true, errorKeys: payloadErrorKeys });
  if (!payload) return svcOk({ submission_id: null });
  await acceptConsultation(context, toConsultation(payload), "api");
  return svcOk({ submission_id: payload.submissionId });
});
