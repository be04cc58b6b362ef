import { data, type ActionFunctionArgs } from "react-router";
import { localeOf } from "#app/i18n/route.server.ts";
import { isSpam, HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { BadRequest, formObject, readUrlEncoded } from "#app/lib/http.server.ts";
import { validate, type FieldErrors } from "#app/lib/schema.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { insertOnce, recordRequest, requestTimes, type RequestStore } from "#app/lib/submission.server.ts";
import { rateLimited } from "#app/lib/svc.server.ts";
import { PROPOSAL_FIELDS, proposalFormSchema, type ProposalInput } from "#app/features/company/schema.ts";

export const PROPOSAL_BUCKET = "proposal";

/** Stores a partnership proposal once per submission id, with its alerts. */
export async function createProposal(store: RequestStore, input: ProposalInput, lang: string, now = new Date()) {
  return recordRequest(store, { kind: "proposal", lang, now }, (trx) =>
    insertOnce(trx, "proposals", {
      proposer_name: input.proposer_name,
      proposer_phone: input.proposer_phone,
      proposer_email: input.proposer_email,
      proposal_content: input.proposal_content,
      submission_id: input.submission_id ?? null,
      lang,
      ...requestTimes(now),
    }),
  );
}

/** What the contact-us page's action answers (a plain form post, no JavaScript). */
export type ProposalActionData =
  | { status: "sent" }
  | { status: "invalid"; errors: FieldErrors; values: Record<string, string> }
  | { status: "failed" };

/**
 * The contact-us form posted without JavaScript. Errors come back as catalog
 * keys with what was typed, so the page shows them under the fields.
 */
export async function proposalFormAction({ request, context }: ActionFunctionArgs) {
  if (rateLimited({ context }, PROPOSAL_BUCKET) > 0) return data<ProposalActionData>({ status: "failed" }, { status: 429 });
  let form: Record<string, string>;
  try {
    form = formObject(await readUrlEncoded(request, 32 * 1024));
  } catch (error) {
    if (error instanceof BadRequest) return data<ProposalActionData>({ status: "failed" }, { status: 400 });
    throw error;
  }
  // A filled honeypot is a bot: it is told "sent" and nothing is stored.
  if (isSpam(form[HONEYPOT_FIELD])) return data<ProposalActionData>({ status: "sent" });
  const result = validate(proposalFormSchema, form);
  if (!result.success) {
    const values = Object.fromEntries(PROPOSAL_FIELDS.map((k) => [k, (form[k] ?? "").slice(0, 5000)]));
    return data<ProposalActionData>({ status: "invalid", errors: result.errors, values }, { status: 400 });
  }
  try {
    await createProposal(services(context), result.output, localeOf(context));
  } catch (error) {
    services(context).log.error("proposal.store_failed", { requestId: context.get(requestContext).requestId }, error);
    return data<ProposalActionData>({ status: "failed" }, { status: 500 });
  }
  return data<ProposalActionData>({ status: "sent" });
}
