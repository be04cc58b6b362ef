import type { Route } from "./+types/svc.proposal";
import { svcAction, svcBody, svcMethodNotAllowed, svcOk } from "#app/web/svc.server.ts";
import { sourceOfPayload } from "#app/requests/source.server.ts";
import { statusUrlFor } from "#app/requests/status-answer.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { proposalSchema } from "#app/features/company/schema.ts";
import { createProposal, PROPOSAL_BODY_LIMIT, PROPOSAL_BUCKET } from "#app/features/company/proposal.server.ts";
import { requestStore } from "#app/features/alerts/context.server.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/proposal/create (spec §7): JSON {proposer_name, proposer_phone, proposer_email, proposal_content}. */
export const action = svcAction(PROPOSAL_BUCKET, async ({ request, context }: Route.ActionArgs) => {
  const sent = await svcBody(request, proposalSchema, { limit: PROPOSAL_BODY_LIMIT });
  const stored = sent ? await createProposal(requestStore(context), sent.output, localeOf(context), sourceOfPayload(sent.body)) : null;
  return svcOk({ accepted: true, status_url: statusUrlFor(context, request, stored?.statusToken ?? null) });
});
