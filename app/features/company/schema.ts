import { digitsOnly, present, requiredText, v } from "#app/lib/schema.ts";
import { SUBMISSION_ID_PATTERN } from "#app/lib/submission.ts";

const REQUIRED = "common.errors.required";

/**
 * POST /svc/proposal/create (spec §3, §7) and the contact-us form: all four
 * fields required with 'This field is required.', the phone kept to digits
 * (spec §5). No e-mail format check: the spec has none, and a partner who
 * types an unusual address should still reach us.
 */
export const proposalSchema = v.object({
  proposer_name: present(requiredText(REQUIRED, 200)),
  proposer_phone: present(
    v.pipe(v.string(REQUIRED), v.transform(digitsOnly), v.nonEmpty(REQUIRED), v.maxLength(20, "common.errors.tooLong")),
  ),
  proposer_email: present(requiredText(REQUIRED, 320)),
  proposal_content: present(requiredText(REQUIRED, 5000)),
  submission_id: v.optional(v.pipe(v.string("api.invalid"), v.regex(SUBMISSION_ID_PATTERN, "api.invalid"))),
});

export type ProposalInput = v.InferOutput<typeof proposalSchema>;

export const PROPOSAL_FIELDS = ["proposer_name", "proposer_phone", "proposer_email", "proposal_content"] as const;
export type ProposalField = (typeof PROPOSAL_FIELDS)[number];

/** The form adds the consent checkbox: without it nothing is sent (spec §4). */
export const proposalFormSchema = v.object({
  ...proposalSchema.entries,
  agree: v.optional(
    v.pipe(
      v.unknown(),
      v.check((value) => value === true || value === "on", "company.contact.consent.error"),
    ),
    "",
  ),
});
