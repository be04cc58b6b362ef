import * as v from "valibot";

/**
 * One schema per payload, shared by the form (client) and the action or API
 * (server). Messages in schemas are catalog keys (`common.errors.required`),
 * translated where they are shown.
 */
export type FieldErrors = Record<string, string>;

type Validation<T> = { success: true; output: T } | { success: false; errors: FieldErrors };

/** A catalog key (`common.errors.required`), as every message in our schemas is. */
const CATALOG_KEY = /^[a-zA-Z][\w-]*\.[\w.-]+$/;

/**
 * The catalog key of an issue. A check without a message of ours (valibot's
 * own "Invalid key: Expected …" for a missing field, or for a value of the
 * wrong type) becomes "required" when nothing was sent and "invalid" when
 * something else was: a client never sees a library's words.
 */
export function issueMessage(issue: Pick<v.BaseIssue<unknown>, "message" | "input">): string {
  if (CATALOG_KEY.test(issue.message)) return issue.message;
  return issue.input === undefined || issue.input === null || issue.input === "" ? "common.errors.required" : "common.errors.invalid";
}

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
    errors[field] ??= issueMessage(issue);
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

/**
 * Characters that show nothing: every kind of space (no-break, ideographic,
 * line separators…), format characters (zero-width space and joiners,
 * direction marks and overrides, the byte-order mark, soft hyphen) and the
 * other default-ignorable ones (the Hangul fillers, variation selectors).
 */
const INVISIBLE = "[\\p{White_Space}\\p{Cf}\\p{Default_Ignorable_Code_Point}]";
const INVISIBLE_EDGES = new RegExp(`^${INVISIBLE}+|${INVISIBLE}+$`, "gu");
/** A letter or digit that shows (the Hangul fillers are letters, and invisible). */
const VISIBLE_LETTER_OR_DIGIT = /(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{N}]/u;

/**
 * Text as stored: Unicode NFC, without invisible characters at either end
 * (those inside, such as a joiner some scripts need, are kept).
 */
export function cleanText(value: string): string {
  return value.normalize("NFC").replace(INVISIBLE_EDGES, "");
}

/** Whether the text says something: at least one visible letter or digit. */
export function hasLetterOrDigit(value: string): boolean {
  return VISIBLE_LETTER_OR_DIGIT.test(value);
}

/**
 * A required text field (a name, an address, a message): cleaned (`cleanText`),
 * with at least one letter or digit, at most `max` characters. Text of only
 * invisible characters or punctuation is empty in effect: it gets `message`,
 * the field's "required" message.
 */
export function requiredText(message: string, max = 500, tooLong = "common.errors.tooLong") {
  return v.pipe(
    v.string(message),
    noControlCharacters(),
    v.transform(cleanText),
    v.check(hasLetterOrDigit, message),
    v.maxLength(max, tooLong),
  );
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
