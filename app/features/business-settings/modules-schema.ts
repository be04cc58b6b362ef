import { validate, v, type FieldErrors } from "#app/lib/schema.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { MODULES, type BusinessModules } from "#app/business/modules.ts";

/**
 * The console's "Lines of business" form (issue 47, item 4): one checkbox
 * per module, named after it, sent as "on" when ticked and absent when not.
 * Anything else is refused (400) and saves nothing.
 */
export const MODULES_INTENT = "modules";

const ticked = v.optional(v.picklist(["on"], "business.modules.error.value" satisfies AdminKey));

export const modulesSchema = v.object(
  Object.fromEntries(MODULES.map((m) => [m, ticked])) as Record<(typeof MODULES)[number], typeof ticked>,
);

export function checkModules(form: URLSearchParams): { ok: true; modules: BusinessModules } | { ok: false; errors: FieldErrors } {
  const sent = Object.fromEntries(MODULES.filter((m) => form.has(m)).map((m) => [m, form.get(m)]));
  const checked = validate(modulesSchema, sent);
  if (!checked.success) return { ok: false, errors: checked.errors };
  return { ok: true, modules: Object.fromEntries(MODULES.map((m) => [m, checked.output[m] === "on"])) as BusinessModules };
}
