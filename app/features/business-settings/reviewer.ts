import { validate, v, type FieldErrors } from "#app/lib/schema.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { REVIEWER_ROLES, type ReviewerRole } from "#app/business/ad-review.ts";

/**
 * The console's "Who reviews our ads" form (issue 48 item 2; 금소법 시행령 제19조②): one choice,
 * 준법감시인 or, where the firm has none, 감사. Anything else is refused (400) and saves nothing.
 */
export const REVIEWER_INTENT = "reviewer";

export const reviewerSchema = v.object({
  reviewer_role: v.picklist(REVIEWER_ROLES, "business.reviewer.error" satisfies AdminKey),
});

export function checkReviewer(form: URLSearchParams): { ok: true; role: ReviewerRole } | { ok: false; errors: FieldErrors } {
  const checked = validate(reviewerSchema, { reviewer_role: form.get("reviewer_role") ?? "" });
  return checked.success ? { ok: true, role: checked.output.reviewer_role } : { ok: false, errors: checked.errors };
}
