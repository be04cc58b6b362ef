import type { Locale } from "#app/i18n/locales.ts";
import type { Schedule } from "#app/features/repayment/schedule.ts";
import { formatWon } from "#app/features/repayment/format.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/**
 * The schedule's table rows as HTML: a month's row header, then payment,
 * principal, interest and balance in the language's number format. One
 * string instead of 360 × 5 React elements: the server writes it, the browser
 * hydrates the table body as one node and replaces it in one step when the
 * visitor changes the loan (a 360-month schedule on a slow phone). Only
 * numbers go in, and they are escaped all the same.
 */
export function scheduleRowsHtml(schedule: Schedule, locale: Locale): string {
  const won = (amount: number) => escapeHtml(formatWon(locale, amount));
  let html = "";
  for (const row of schedule.rows) {
    html += `<tr><th scope="row">${row.month}</th><td>${won(row.payment)}</td><td>${won(row.principal)}</td><td>${won(row.interest)}</td><td>${won(row.balance)}</td></tr>`;
  }
  return html;
}
