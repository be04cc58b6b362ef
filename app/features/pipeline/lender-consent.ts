import type { LenderConsentMethod } from "#db/schema.ts";
import { present, requiredText, v } from "#app/lib/schema.ts";
import { LENDER_MAX } from "#app/features/pipeline/stages.ts";

/**
 * A person's consent to give their consultation to one lender (issue 52,
 * item 1; 개인정보 보호법 제17조①1·②; ADR 0052): what it names and the one
 * schema of the console's form that asks for it on the status page or
 * records it given by phone or on paper. The stage "with the lender" is
 * refused without a consent given to the lender it names.
 */

/** What may be given to a lender: the consultation's own fields, nothing else. */
export const LENDER_CONSENT_ITEMS = ["name", "phone", "nationality", "visa", "expiry", "employment", "income", "loan"] as const;
export type LenderConsentItem = (typeof LENDER_CONSENT_ITEMS)[number];

export const LENDER_CONSENT_METHODS = ["web", "phone", "paper"] as const satisfies readonly LenderConsentMethod[];
export const REFERENCE_MAX = 100;
/** How long a lender may keep the items after the loan ends, at most (years); five is the usual (상법·신용정보법 practice). */
export const RETENTION_YEARS_MAX = 10;
export const RETENTION_YEARS_DEFAULT = 5;

/** The items as stored (comma-separated, in the list's order) → the keys. Unknown keys are dropped. */
export function consentItems(stored: string): LenderConsentItem[] {
  const keys = new Set(stored.split(","));
  return LENDER_CONSENT_ITEMS.filter((item) => keys.has(item));
}

/** Two spellings of one lender: the same after NFC, spaces folded and case ignored. */
export function sameLender(a: string, b: string): boolean {
  const fold = (s: string) => s.normalize("NFC").replace(/\s+/gu, " ").trim().toLocaleLowerCase("ko");
  return fold(a) === fold(b);
}

const lender = present(requiredText("pipeline.consent.error.lender", LENDER_MAX, "pipeline.error.tooLong"));
const items = present(
  v.pipe(
    v.string("pipeline.consent.error.items"),
    v.transform((s) => s.split(",").filter(Boolean)),
    v.check((list) => list.length > 0, "pipeline.consent.error.items"),
    v.check((list) => list.every((i) => (LENDER_CONSENT_ITEMS as readonly string[]).includes(i)), "pipeline.consent.error.items"),
    v.transform((list) => LENDER_CONSENT_ITEMS.filter((i) => list.includes(i))),
  ),
);
const retentionYears = present(
  v.pipe(
    v.string("pipeline.consent.error.retention"),
    v.regex(/^\d{1,2}$/, "pipeline.consent.error.retention"),
    v.transform(Number),
    v.number(),
    v.minValue(1, "pipeline.consent.error.retention"),
    v.maxValue(RETENTION_YEARS_MAX, "pipeline.consent.error.retention"),
  ),
);

/** The console's consent form: asked on the status page, or recorded as given by phone (the call's reference) or on paper. */
export const lenderConsentSchema = v.variant(
  "method",
  [
    v.object({ method: v.literal("web"), lender, items, retentionYears }),
    v.object({
      method: v.picklist(["phone", "paper"] as const, "pipeline.consent.error.method"),
      lender,
      items,
      retentionYears,
      reference: present(requiredText("pipeline.consent.error.reference", REFERENCE_MAX, "pipeline.error.tooLong")),
    }),
  ],
  "pipeline.consent.error.method",
);
export type LenderConsentInput = v.InferOutput<typeof lenderConsentSchema>;

/** The form's fields as the schema reads them (the items' checkboxes joined). */
export function lenderConsentInput(form: URLSearchParams): Record<string, string> {
  const input: Record<string, string> = {};
  for (const name of ["method", "lender", "retentionYears", "reference"]) {
    const value = form.get(name);
    if (value !== null && value !== "") input[name] = value;
  }
  const checked = form.getAll("items").filter(Boolean);
  if (checked.length) input.items = checked.join(",");
  return input;
}

/** The visitor's answer on the status page. */
export const CONSENT_ANSWERS = ["given", "refused"] as const;
/** The status page's intent that withdraws a given consent (개인정보 보호법 제37조). */
export const CONSENT_WITHDRAW = "consent_withdraw";
export type ConsentAnswer = (typeof CONSENT_ANSWERS)[number];
