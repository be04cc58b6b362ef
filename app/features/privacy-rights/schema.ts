import { digitsOnly, present, v } from "#app/lib/schema.ts";
import type { RightsRequestKind } from "#db/schema.ts";

/** What a person may ask (the privacy policy's rights): withdraw marketing consent, or erase their data. */
export const RIGHTS_KINDS = ["withdraw_marketing", "erase"] as const satisfies readonly RightsRequestKind[];

/**
 * The rights form (/privacy-rights): which right, and the phone number the
 * person gave us — any number we may hold (a mobile, or an office line of a
 * partnership proposal), kept as digits.
 */
export const rightsFormSchema = v.object({
  // An unchecked radio sends nothing: it is "" here, and gets the form's own message.
  request: v.pipe(v.optional(v.string("rights.errors.request"), ""), v.picklist(RIGHTS_KINDS, "rights.errors.request")),
  phone: present(
    v.pipe(
      v.string("common.errors.required"),
      v.transform(digitsOnly),
      v.nonEmpty("common.errors.required"),
      v.regex(/^\d{8,15}$/, "rights.errors.phone"),
    ),
  ),
});

export type RightsInput = v.InferOutput<typeof rightsFormSchema>;
export const RIGHTS_FIELDS = ["request", "phone"] as const;
