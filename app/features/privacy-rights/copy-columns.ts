import { QUESTION_SEQ } from "#app/requests/questions.ts";

/**
 * What a copy of a person's data holds (issue 52 item 3): the operator
 * chooses, as for an export. `details` is everything that names no one (kinds,
 * dates, answers such as visa and nationality, consents, statuses); the
 * others are the personal fields, off by default: the person usually knows
 * their own name and number, and a file without them is harmless if it goes
 * astray.
 */
export const COPY_COLUMNS = ["details", "name", "phone", "email", "address"] as const;
export type CopyColumn = (typeof COPY_COLUMNS)[number];

/** The database's fields of each personal column (any table of the copy). */
const FIELDS: Record<Exclude<CopyColumn, "details">, string[]> = {
  name: ["applicant_name", "proposer_name"],
  phone: ["contact_phone", "proposer_phone", "phone"],
  email: ["proposer_email"],
  address: ["applicant_addr"],
};
/** A consultation's answers that are personal: by question number. */
const ANSWER_COLUMN: Record<number, CopyColumn> = { [QUESTION_SEQ.name]: "name", [QUESTION_SEQ.phone]: "phone" };
const KEEP_ALWAYS = new Set(["id", "answer_id", "question_seq", "as_request_id"]);

type Row = Record<string, unknown>;

/** The copy with only the chosen columns: a personal field not chosen is left out, and without `details` only ids and the chosen fields stay. */
export function redactCopy<T extends Record<string, Row[]>>(copy: T, chosen: readonly string[]): Record<keyof T, Row[]> {
  const on = new Set(chosen);
  const columnOf = (field: string): CopyColumn => {
    for (const [column, fields] of Object.entries(FIELDS)) if (fields.includes(field)) return column as CopyColumn;
    return "details";
  };
  const out = {} as Record<keyof T, Row[]>;
  for (const [part, rows] of Object.entries(copy) as [keyof T, Row[]][]) {
    out[part] = rows
      .map((row) => {
        if (part === "consultationAnswers" && typeof row.question_seq === "number") {
          const column = ANSWER_COLUMN[row.question_seq] ?? "details";
          return on.has(column) ? row : null;
        }
        return Object.fromEntries(Object.entries(row).filter(([field]) => KEEP_ALWAYS.has(field) || on.has(columnOf(field))));
      })
      .filter((row): row is Row => row !== null);
  }
  return out;
}
