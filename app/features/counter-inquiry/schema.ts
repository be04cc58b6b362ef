import { digitsOnly, present, requiredText, v, validate, type FieldErrors } from "#app/lib/schema.ts";
import { SUBMISSION_ID_PATTERN } from "#app/lib/submission.ts";
import { DEFAULT_INQUIRY_TYPE, isInquiryType, MAX_PHOTOS, type InquiryType } from "#app/features/counter-inquiry/types.ts";

export {
  DEFAULT_INQUIRY_TYPE,
  INQUIRY_TYPES,
  isInquiryType,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  type InquiryType,
} from "#app/features/counter-inquiry/types.ts";

/**
 * The cash-counter inquiry (spec §3, §5): A/S request or purchase request.
 * One schema per payload, shared by the form and the server; the messages
 * are the spec's Korean texts (catalog keys of the `counter` namespace).
 */

const E = "counter.errors";

/** The fields of the JSON payload (`json_param` of A/S, the body of purchase). */
export function inquirySchema(type: InquiryType) {
  return v.object({
    applicant_name: present(requiredText(`${E}.name`, 100, `${E}.tooLong`)),
    contact_phone: present(
      v.pipe(v.string(`${E}.phone`), v.transform(digitsOnly), v.nonEmpty(`${E}.phone`), v.maxLength(20, `${E}.tooLong`)),
    ),
    applicant_addr: present(requiredText(`${E}.address`, 300, `${E}.tooLong`)),
    inquiry_content: present(requiredText(type === "as" ? `${E}.symptom` : `${E}.content`, 3000, `${E}.tooLong`)),
    submission_id: v.optional(v.pipe(v.string(`${E}.invalid`), v.regex(SUBMISSION_ID_PATTERN, `${E}.invalid`))),
  });
}

export type InquiryInput = v.InferOutput<ReturnType<typeof inquirySchema>>;
export const INQUIRY_FIELDS = ["applicant_name", "contact_phone", "applicant_addr", "inquiry_content"] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

/** The form's own fields, around the payload. */
interface InquiryFormInput {
  type: unknown;
  agree: unknown;
  photoCount: number;
  fields: Record<string, unknown>;
}

/**
 * Validates the whole form (client before sending, server for a post without
 * JavaScript). Errors are keyed by form field: type, the four payload fields,
 * photos, agree.
 */
export function validateInquiryForm(
  input: InquiryFormInput,
): { success: true; type: InquiryType; output: InquiryInput } | { success: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const type = isInquiryType(input.type) ? input.type : undefined;
  if (!type) errors.type = `${E}.type`;
  const result = validate(inquirySchema(type ?? DEFAULT_INQUIRY_TYPE), input.fields);
  if (!result.success) Object.assign(errors, result.errors);
  if (type === "as") {
    const photoError = photoCountError(input.photoCount);
    if (photoError) errors.photos = photoError;
  }
  if (input.agree !== true && input.agree !== "on") errors.agree = `${E}.agree`;
  if (!type || !result.success || Object.keys(errors).length > 0) return { success: false, errors };
  return { success: true, type, output: result.output };
}

/** An A/S request needs 1 to 3 photos. */
export function photoCountError(count: number): string | undefined {
  if (count < 1) return `${E}.photoRequired`;
  if (count > MAX_PHOTOS) return `${E}.photoMax`;
  return undefined;
}
