import { sql, type Kysely } from "kysely";

/**
 * The banner's rate as numbers (issue 31, ADR 0031): the lowest and highest
 * annual rate in hundredths of a percent (13.00% → 1300) and the decimals
 * each was written with (13.00 → 2, 19.9 → 1), so every page formats it in
 * its own language (13,00%–19,9% in Vietnamese) and shows what the operator
 * wrote, digit for digit. One rate is a range whose ends are equal.
 *
 * Each existing `rate_text` is read ("13.00%–19.9%", "연 9.9% ~ 14.5%",
 * "9%"); nothing is lost:
 *  - `rate_text` stays, and the app writes it on every save as the Korean
 *    console shows the rate (13.00%–19.9%). An instance still running the
 *    previous release during a rolling upgrade reads it as before, and
 *    `down` only drops the new columns.
 *  - A text this migration cannot read (words, a third number) keeps its
 *    numbers null: the home page shows the text as it was, and the console
 *    asks for the numbers at the next edit.
 * Integers on both dialects: exact, and the same on SQLite and PostgreSQL.
 */
const COLUMNS = ["rate_from_bp", "rate_to_bp", "rate_from_decimals", "rate_to_decimals"] as const;

/** `13.00` → 1300 hundredths, 2 decimals. */
function bound(text: string): { bp: number; decimals: number } {
  const [whole, fraction = ""] = text.split(".");
  return { bp: Number(whole) * 100 + Number(fraction.padEnd(2, "0")), decimals: fraction.length };
}

/**
 * The numbers of a rate text, or null. Reads "13.00%–19.9%" with any dash or
 * tilde between the ends, spaces anywhere, an optional 연 (a year) before it,
 * a % after either end, both or none; each end 0–99 with at most 2 decimals, the
 * lower first.
 */
export function readRateText(text: string): { from: { bp: number; decimals: number }; to: { bp: number; decimals: number } } | null {
  const match = /^(?:연\s*)?(\d{1,2}(?:\.\d{1,2})?)\s*%?\s*(?:[-–—~∼〜]\s*(\d{1,2}(?:\.\d{1,2})?)\s*%?)?$/u.exec(text.trim());
  if (!match) return null;
  const from = bound(match[1]!);
  const to = match[2] ? bound(match[2]) : from;
  return from.bp <= to.bp ? { from, to } : null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("campaign_banners").addColumn(column, "integer").execute();
  const rows = await sql<{ id: number; rate_text: string }>`select id, rate_text from campaign_banners`.execute(db);
  for (const row of rows.rows) {
    const rate = readRateText(row.rate_text);
    if (!rate) continue;
    await sql`update campaign_banners set rate_from_bp = ${rate.from.bp}, rate_to_bp = ${rate.to.bp},
      rate_from_decimals = ${rate.from.decimals}, rate_to_decimals = ${rate.to.decimals} where id = ${row.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("campaign_banners").dropColumn(column).execute();
}
