import type { Route } from "./+types/svc.proposal";
import { isSpam, HONEYPOT_FIELD } from "~/lib/honeypot";
import { readJson, BadRequest } from "~/lib/http.server";
import { validate } from "~/lib/schema";
import { services } from "~/lib/services.server";
import { svcAction, svcMethodNotAllowed, svcOk } from "~/lib/svc.server";
import { localeOf } from "~/i18n/route.server";
import { proposalSchema } from "~/features/company/schema";
import { createProposal, PROPOSAL_BUCKET } from "~/features/company/proposal.server";

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
