import { noControlCharacters, v } from "#app/lib/schema.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";

/**
 * The console's lender form (issue 47, item 1): one schema for the form's
 * limits and the action. A lender is named by its legal name (상호, Korean,
 * as the law's notices write it) and by a display name per language
 * (English required, the others fall back to it). Messages are console
 * catalog keys.
 */
export const LEGAL_NAME_MAX = 120;
export const DISPLAY_NAME_MAX = 80;

const msg = (key: AdminKey) => key;

const text = (max: number, required: boolean) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check((value: string) => !required || value !== "", msg("lenders.error.required")),
    v.maxLength(max, msg("lenders.error.tooLong")),
    noControlCharacters(msg("lenders.error.control")),
  );

export const lenderSchema = v.object({
  legal_name: text(LEGAL_NAME_MAX, true),
  name_en: text(DISPLAY_NAME_MAX, true),
  name_vi: text(DISPLAY_NAME_MAX, false),
  name_id: text(DISPLAY_NAME_MAX, false),
  name_my: text(DISPLAY_NAME_MAX, false),
  name_mn: text(DISPLAY_NAME_MAX, false),
});

export type LenderInput = v.InferOutput<typeof lenderSchema>;
