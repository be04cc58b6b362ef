import type { FieldErrors } from "#app/lib/schema.ts";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";

/**
 * A pipeline form's fields after the server refused it (log a call, move a
 * stage): each field's name, the value sent (to show again) and its error in
 * the console's words. Nothing but the name before a refusal.
 */
export function useRefusedFields(failed: { fields?: FieldErrors; values?: Record<string, string> } | undefined) {
  const t = useAdminT();
  return (name: string) => {
    const error = failed?.fields?.[name];
    return { name, defaultValue: failed?.values?.[name], error: error ? t(error as AdminKey) : undefined };
  };
}
