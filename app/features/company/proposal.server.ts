import { localeOf } from "#app/i18n/route.server.ts";
import { isSpam, HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { echoValues, formAction, formFailedBy, formInvalid, formSent } from "#app/web/form-action.server.ts";
import { formObject, readUrlEncoded } from "#app/lib/http.server.ts";
import { validate } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import {
  contentSubmissionId,
  insertOnce,
  recordRequest,
  requestTimes,
  withoutEmptyId,
  type RequestStore,
} from "#app/requests/record.server.ts";
import { PROPOSAL_FIELDS, proposalFormSchema, type ProposalInput } from "#app/features/company/schema.ts";
import { sourceOfForm } from "#app/requests/source.server.ts";
import type { RequestSource } from "#app/requests/source.ts";
import { statusPathFor } from "#app/requests/status-answer.server.ts";
import { requestStore } from "#app/features/alerts/context.server.ts";

export const PROPOSAL_BUCKET = "proposal";

/** Stores a partnership proposal once per submission id, with its alerts. */
export async function createProposal(
  store: RequestStore,
  input: ProposalInput,
  lang: string,
  source: RequestSource = {},
  now = new Date(),
) {
  return recordRequest(store, { kind: "proposal", lang, now, source }, (trx) =>
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

/** The proposal's JSON and form bodies: four fields, the longest 5,000 characters. */
export const PROPOSAL_BODY_LIMIT = 32 * 1024;

/**
 * The contact-us form posted without JavaScript (the shared form pipeline,
 * lib/form-action.server.ts). Errors come back as catalog keys with what was
 * typed, so the page shows them under the fields.
 */
export const proposalFormAction = formAction(PROPOSAL_BUCKET, async ({ request, context }) => {
  const form = withoutEmptyId(formObject(await readUrlEncoded(request, PROPOSAL_BODY_LIMIT)));
  // A filled honeypot is a bot: it is told "sent" and nothing is stored.
  if (isSpam(form[HONEYPOT_FIELD])) return formSent(statusPathFor(context, null));
  const result = validate(proposalFormSchema, form);
  if (!result.success) return formInvalid(result.errors, echoValues(form, PROPOSAL_FIELDS));
  const app = services(context);
  // Posted before or without JavaScript: the same content within minutes is the same proposal.
  const submission_id = result.output.submission_id ?? contentSubmissionId(app.secret, PROPOSAL_BUCKET, result.output);
  let stored: Awaited<ReturnType<typeof createProposal>>;
  try {
    stored = await createProposal(
      requestStore(context),
      { ...result.output, submission_id },
      localeOf(context),
      sourceOfForm(request, form),
    );
  } catch (error) {
    return formFailedBy(error, { context }, "form.failed", {
      values: echoValues(form, PROPOSAL_FIELDS),
      fields: { bucket: PROPOSAL_BUCKET },
    });
  }
  return formSent(statusPathFor(context, stored.statusToken));
});
