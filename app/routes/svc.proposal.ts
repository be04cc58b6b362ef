import type { Route } from "./+types/svc.proposal";
import { isSpam, HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { readJson, BadRequest } from "#app/lib/http.server.ts";
import { validate } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { svcAction, svcMethodNotAllowed, svcOk } from "#app/lib/svc.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { proposalSchema } from "#app/features/company/schema.ts";
import { createProposal, PROPOSAL_BUCKET } from "#app/features/company/proposal.server.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/proposal/create (spec §7): JSON {proposer_name, proposer_phone, proposer_email, proposal_content}. */
export const action = svcAction(PROPOSAL_BUCKET, async ({ request, context }: Route.ActionArgs) => {
  const body = await readJson(request, 32 * 1024);
  if (body && typeof body === "object" && isSpam((body as Record<string, unknown>)[HONEYPOT_FIELD])) return svcOk({ accepted: true });
  const result = validate(proposalSchema, body);
  if (!result.success) throw new BadRequest("invalid", result.errors);
  await createProposal(services(context), result.output, localeOf(context));
  return svcOk({ accepted: true });
});
