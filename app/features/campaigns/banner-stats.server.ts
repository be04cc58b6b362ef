import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { utcHour } from "#db/sql-time.ts";
import { bannerKeys } from "#app/features/campaigns/campaigns.server.ts";
import { addDays, daysBetween, seoulDay, seoulRange } from "#app/lib/seoul-time.ts";

/**
 * Banner taps per partner per Seoul day, from the redirect log. The database
 * groups by UTC hour (db/sql-time.ts: the same ISO hour on both dialects);
 * hours are then put into Seoul days here (Seoul's offset is whole hours).
 */
const STATS_MAX_DAYS = 366;
const STATS_DEFAULT_DAYS = 14;

export interface BannerStats {
  from: string;
  to: string;
  partners: string[];
  /** Newest day first; counts in `partners` order. */
  days: { day: string; counts: number[]; total: number }[];
  totals: number[];
  total: number;
  maxDay: number;
}

export function statsRange(from: string | undefined, to: string | undefined, now = new Date()): { from: string; to: string } {
  const end = to ?? seoulDay(now);
  let start = from ?? addDays(end, -(STATS_DEFAULT_DAYS - 1));
  if (start > end) start = end;
  if (daysBetween(start, end).length > STATS_MAX_DAYS) start = addDays(end, -(STATS_MAX_DAYS - 1));
  return { from: start, to: end };
}

export async function bannerStats(db: Kysely<Database>, range: { from: string; to: string }): Promise<BannerStats> {
  const { start, end } = seoulRange(range.from, range.to);
  const hour = utcHour(db, sql.ref("created_at"));
  const rows = await db
    .selectFrom("banner_redirect_logs")
    .select(["partner_name", hour.as("hour"), (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("created_at", ">=", start!)
    .where("created_at", "<", end!)
    .groupBy(["partner_name", hour])
    .execute();

  const configured = await bannerKeys(db);
  const partners = [...configured, ...[...new Set(rows.map((r) => r.partner_name))].filter((p) => !configured.includes(p)).sort()];
  const index = new Map(partners.map((p, i) => [p, i]));
  const days = daysBetween(range.from, range.to).map((day) => ({ day, counts: partners.map(() => 0), total: 0 }));
  const byDay = new Map(days.map((d) => [d.day, d]));
  for (const row of rows) {
    const day = byDay.get(seoulDay(row.hour));
    if (!day) continue;
    const n = Number(row.n);
    day.counts[index.get(row.partner_name)!]! += n;
    day.total += n;
  }
  const totals = partners.map((_, i) => days.reduce((sum, d) => sum + (d.counts[i] ?? 0), 0));
  return {
    ...range,
    partners,
    days,
    totals,
    total: totals.reduce((a, b) => a + b, 0),
    maxDay: Math.max(0, ...days.map((d) => d.total)),
  };
}
