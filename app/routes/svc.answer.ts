import type { Route } from "./+types/svc.answer";
import { readJson, BadRequest } from "#app/lib/http.server.ts";
import { HONEYPOT_FIELD, isSpam } from "#app/lib/honeypot.ts";
import { validate } from "#app/lib/schema.ts";
import { svcAction, svcMethodNotAllowed, svcOk } from "#app/lib/svc.server.ts";
import { answerPayloadSchema, payloadErrorKeys, toConsultation } from "#app/features/consultation/schema.ts";
import { BODY_LIMIT, RATE_BUCKET, acceptConsultation } from "#app/features/consultation/consultation.server.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/answer/create (spec §7): stores a consultation request once per submission_id. */
export const action = svcAction(RATE_BUCKET, async ({ request, context }: Route.ActionArgs) => {
  const body = await readJson(request, BODY_LIMIT);
  if (body && typeof body === "object" && isSpam((body as Record<string, unknown>)[HONEYPOT_FIELD])) return svcOk({ submission_id: null });
  const result = validate(answerPayloadSchema, body, { crossField: true });
  if (!result.success) throw new BadRequest("invalid", payloadErrorKeys(result.errors));
  await acceptConsultation(context, toConsultation(result.output), "api");
  return svcOk({ submission_id: result.output.submissionId });
});
