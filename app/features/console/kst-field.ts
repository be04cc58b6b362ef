import { v } from "#app/lib/schema.ts";
import { kstToUtc } from "#app/lib/seoul-time.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";

/** A Korea-time `datetime-local` value, or empty (campaign windows, a product's effective-from). */
export const kstTime = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.check(
    (value: string) => value === "" || (/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(value) && kstToUtc(value) !== null),
    "campaigns.error.time" satisfies AdminKey,
  ),
);
