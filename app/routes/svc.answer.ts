import type { Route } from "./+types/svc.answer";
import { svcAction, svcBody, svcMethodNotAllowed, svcOk } from "#app/lib/svc.server.ts";
import { answerPayloadSchema, payloadErrorKeys, toConsultation } from "#app/features/consultation/schema.ts";
import { BODY_LIMIT, RATE_BUCKET, acceptConsultation } from "#app/features/consultation/consultation.server.ts";
import { sourceOfPayload } from "#app/features/attribution/attribution.server.ts";
import { statusUrlFor } from "#app/features/request-status/answer.server.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/answer/create (spec §7): stores a consultation request once per submission_id. */
export const action = svcAction(RATE_BUCKET, async ({ request, context }: Route.ActionArgs) => {
  const payload = await svcBody(request, answerPayloadSchema, { limit: BODY_LIMIT, crossField: true, errorKeys: payloadErrorKeys });
  if (!payload) return svcOk({ submission_id: null, status_url: statusUrlFor(context, request, null) });
  const stored = await acceptConsultation(context, toConsultation(payload.output), "api", sourceOfPayload(payload.body));
  return svcOk({ submission_id: payload.output.submissionId, status_url: statusUrlFor(context, request, stored.statusToken) });
});
