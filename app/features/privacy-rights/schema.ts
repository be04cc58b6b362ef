import { digitsOnly, present, v } from "#app/lib/schema.ts";
import type { RightsRequestKind } from "#db/schema.ts";
import type { CodePurpose } from "#app/features/phone-proof/codes.server.ts";

/**
 * What a person may ask (the privacy policy's rights): withdraw marketing
 * consent, or erase their data; see it, or complain (issue 28); refuse any
 * further contact (금융소비자보호법 제21조의2, issue 35), which is carried
 * out at once.
 */
export const RIGHTS_KINDS = [
  "withdraw_marketing",
  "erase",
  "access",
  "complaint",
  "refuse_contact",
  "allow_contact",
] as const satisfies readonly RightsRequestKind[];
/** The kinds issue 28 added: their labels are in their own catalog keys (`rights.deadline.kinds.*`). */
export const DEADLINE_KINDS: readonly RightsRequestKind[] = ["access", "complaint"];
/** The right the Financial Consumer Protection Act gives (its labels are under `rights.refuseContact.*`). */
export const REFUSE_CONTACT = "refuse_contact" satisfies RightsRequestKind;
/** Lifting that refusal (issue 48 item 5). */
export const ALLOW_CONTACT = "allow_contact" satisfies RightsRequestKind;
/**
 * The requests the person must prove the number for, with a one-time code
 * sent to it (ADR 0049), and the purpose each code is bound to: nobody can
 * stop, allow or erase for a number that is not theirs.
 */
export const PROVEN_KINDS: Partial<Record<RightsRequestKind, CodePurpose>> = {
  refuse_contact: "refuse",
  allow_contact: "lift",
  erase: "erase",
};
export const COMPLAINT_MAX = 2000;

/**
 * The rights form (/privacy-rights): which right, and the phone number the
 * person gave us — any number we may hold (a mobile, or an office line of a
 * partnership proposal), kept as digits.
 */
export const rightsFormSchema = v.object({
  // An unchecked radio sends nothing: it is "" here, and gets the form's own message.
  request: v.pipe(v.optional(v.string("rights.deadline.errors.request"), ""), v.picklist(RIGHTS_KINDS, "rights.deadline.errors.request")),
  phone: present(
    v.pipe(
      v.string("common.errors.required"),
      v.transform(digitsOnly),
      v.nonEmpty("common.errors.required"),
      v.regex(/^\d{8,15}$/, "rights.errors.phone"),
    ),
  ),
  // A complaint's text (issue 28); ignored for the other requests.
  message: v.pipe(
    v.optional(v.string("rights.deadline.errors.message"), ""),
    v.transform((s) => s.trim()),
    v.maxLength(COMPLAINT_MAX, "rights.deadline.errors.messageLength"),
  ),
});

/** A complaint needs its text. */
export const rightsFormChecked = v.pipe(
  rightsFormSchema,
  v.forward(
    v.check((input) => input.request !== "complaint" || input.message.length > 0, "rights.deadline.errors.message"),
    ["message"],
  ),
);

export type RightsInput = v.InferOutput<typeof rightsFormSchema>;
export const RIGHTS_FIELDS = ["request", "phone", "message"] as const;
