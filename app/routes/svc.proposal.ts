import type { Route } from "./+types/svc.proposal";
import { services } from "#app/lib/services.server.ts";
import { svcAction, svcMethodNotAllowed, svcOk, svcPayload } from "#app/lib/svc.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { proposalSchema } from "#app/features/company/schema.ts";
import { createProposal, PROPOSAL_BODY_LIMIT, PROPOSAL_BUCKET } from "#app/features/company/proposal.server.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/proposal/create (spec §7): JSON {proposer_name, proposer_phone, proposer_email, proposal_content}. */
export const action = svcAction(PROPOSAL_BUCKET, async ({ request, context }: Route.ActionArgs) => {
  const proposal = await svcPayload(request, proposalSchema, { limit: PROPOSAL_BODY_LIMIT });
  if (proposal) await createProposal(services(context), proposal, localeOf(context));
  return svcOk({ accepted: true });
});
