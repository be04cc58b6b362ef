import { noControlCharacters, v } from "#app/lib/schema.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";

/**
 * What every download of personal data asks (issue 52 item 3, ADR 0054; 고시
 * 제8조②, 제12조): a reason, kept with the audit record, and the columns the
 * operator chose. One schema for the form and the action; messages are
 * console catalog keys.
 */
export const REASON_MIN = 10;
export const REASON_MAX = 300;

const msg = (key: AdminKey) => key;

/** Eight digits in a row read as a phone or registration number: the reason outlives the file in the audit log. */
const LOOKS_LIKE_A_NUMBER = /\d(?:[\s-]?\d){7}/;

export const reasonSchema = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.minLength(1, msg("download.error.reason")),
  v.minLength(REASON_MIN, msg("download.error.reasonShort")),
  v.maxLength(REASON_MAX, msg("download.error.reasonLong")),
  noControlCharacters(msg("download.error.reasonLong")),
  v.check((reason: string) => !LOOKS_LIKE_A_NUMBER.test(reason), msg("download.error.reasonNumber")),
);

/**
 * Columns that identify or profile a person: never chosen by default, and
 * the form marks them. Names, contact details and the income.
 */
export const PERSONAL_COLUMNS: readonly string[] = ["name", "phone", "email", "address", "organization", "checkIncome", "income"];

export const isPersonalColumn = (column: string) => PERSONAL_COLUMNS.includes(column);

/** The chosen columns out of `allowed`, in `allowed`'s order; none chosen is an error (a file of nothing). */
export function chosenColumns(
  form: URLSearchParams,
  allowed: readonly string[],
): { columns: string[] } | { error: "download.error.columns" } {
  const asked = new Set(form.getAll("column"));
  const columns = allowed.filter((c) => asked.has(c));
  if (!columns.length || asked.size !== columns.length) return { error: "download.error.columns" };
  return { columns };
}

/** The default choice: every column but the personal ones. */
export const defaultColumns = (allowed: readonly string[]) => allowed.filter((c) => !isPersonalColumn(c));

/** The most a row cap may be (the export's own limit). */
export const ROW_CAP_LIMIT = 50_000;
