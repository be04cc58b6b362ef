/**
 * CSV for spreadsheets (RFC 4180): CRLF line ends, a field in double quotes
 * when it holds a comma, quote or line break, quotes doubled. UTF-8 with a
 * byte-order mark so that Excel reads Korean and Burmese correctly.
 *
 * Formula injection: a cell a visitor controls that starts with = + - @ (or
 * a tab / carriage return) would run as a formula in a spreadsheet; it gets
 * a leading apostrophe, which spreadsheets show as text.
 */
export const BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return BOM + lines.join("\r\n") + "\r\n";
}
