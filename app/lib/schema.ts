import * as v from "valibot";

/**
 * One schema per payload, shared by the form (client) and the action or API
 * (server). Messages in schemas are catalog keys (`common.errors.required`),
 * translated where they are shown.
 */
export type FieldErrors = Record<string, string>;

type Validation<T> = { success: true; output: T } | { success: false; errors: FieldErrors };

/**
 * Runs a schema; keeps the first message per top-level field.
 * `crossField: true` keeps running an object's own pipe (`v.forward(v.partialCheck(…))`
 * rules that compare fields) even when another field already failed, so a form
 * shows every error at once; the first message per field still wins.
 */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  options: { crossField?: boolean } = {},
): Validation<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: !options.crossField });
  if (result.success) return { success: true, output: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join(".") || "_form";
    const field = key.split(".")[0] ?? "_form";
    errors[field] ??= issue.message;
  }
  return { success: false, errors };
}

/** Keeps digits only (phone fields, spec §5). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "");
}

/**
 * NUL and the other control characters (all but tab, line feed and carriage
 * return, which a text area sends) are never text a person typed: refused, not
 * stored (PostgreSQL cannot store a NUL in a text column at all).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

export function noControlCharacters(message = "common.errors.controlCharacters") {
  return v.check((value: string) => !hasControlCharacter(value), message);
}

/** A required text field: trimmed, non-empty, at most `max` characters, no control characters. */
export function requiredText(message: string, max = 500, tooLong = "common.errors.tooLong") {
  return v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong), noControlCharacters());
}

export { v };

/**
 * A required field whose key may be missing altogether (a form post without
 * it, a JSON body without it): missing counts as empty, so the field's own
 * message ("This field is required.") is reported, not valibot's generic
 * "Invalid key".
 */
export function present<S extends v.GenericSchema<string, unknown>>(schema: S) {
  return v.optional(schema, "");
}
