import { validate, v, type FieldErrors } from "#app/lib/schema.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { PROCESSOR_FIELDS, PROCESSOR_TEXT_MAX, PROCESSORS_MAX, type Processor } from "#app/business/processors.ts";

/**
 * The console's processors form (issue 52, item 7): rows of fields named
 * `<field>.<row>` (name.0, taskKo.0 …), the listed ones and one blank row to
 * add (without JavaScript, a save adds it and shows another). A row whose
 * fields are all empty is dropped (that is how one is removed); a row with
 * some filled needs them all. Errors are keyed `<field>.<row>`.
 */
export const PROCESSORS_INTENT = "processors";

const text = (message: AdminKey) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(PROCESSOR_TEXT_MAX, "business.processors.error.tooLong" satisfies AdminKey),
    // eslint-disable-next-line no-control-regex
    v.regex(/^[^\u0000-\u001f\u007f]*$/, "business.processors.error.control" satisfies AdminKey),
  );

export const processorSchema = v.object({
  name: text("business.processors.error.name"),
  taskKo: text("business.processors.error.task"),
  taskEn: text("business.processors.error.task"),
  country: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.regex(/^[A-Z]{2}$/, "business.processors.error.country" satisfies AdminKey),
    v.check(
      (code) => new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of(code) !== undefined,
      "business.processors.error.country" satisfies AdminKey,
    ),
  ),
  transferKo: text("business.processors.error.transfer"),
  transferEn: text("business.processors.error.transfer"),
});

export function checkProcessors(
  form: URLSearchParams,
): { ok: true; processors: Processor[] } | { ok: false; errors: FieldErrors; values: Record<string, string> } {
  const values: Record<string, string> = {};
  const rows = new Set<number>();
  for (const [key, value] of form) {
    const match = /^(\w+)\.(\d{1,2})$/.exec(key);
    if (!match || !(PROCESSOR_FIELDS as readonly string[]).includes(match[1]!)) continue;
    values[key] = value;
    rows.add(Number(match[2]));
  }
  const errors: FieldErrors = {};
  const processors: Processor[] = [];
  for (const row of [...rows].sort((a, b) => a - b)) {
    const input = Object.fromEntries(PROCESSOR_FIELDS.map((f) => [f, values[`${f}.${row}`] ?? ""]));
    if (PROCESSOR_FIELDS.every((f) => !input[f]!.trim())) continue;
    const checked = validate(processorSchema, input);
    if (!checked.success) for (const [field, message] of Object.entries(checked.errors)) errors[`${field}.${row}`] = message;
    else processors.push(checked.output);
  }
  if (processors.length > PROCESSORS_MAX) errors._form = "business.processors.error.tooMany" satisfies AdminKey;
  return Object.keys(errors).length ? { ok: false, errors, values } : { ok: true, processors };
}
