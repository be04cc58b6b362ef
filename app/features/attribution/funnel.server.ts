import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { seoulRange } from "#app/lib/seoul-time.ts";

/**
 * Which banners and sources bring loan requests (issue 28, point 4): for a
 * period (Seoul days), per partner banner its taps (the redirect log) and the
 * consultation requests sent after a tap on it, and per source (the UTM
 * source, else the referring site, else "direct") its requests; then how
 * many of those reached the consulted and approved stages.
 *
 * The stages come from the pipeline's stage history (issue 26); until it is
 * in the database, `reached` answers null and the console shows "—".
 */
type Db = Kysely<Database>;

export interface FunnelRow {
  key: string;
  taps: number | null;
  requests: number;
  consulted: number | null;
  approved: number | null;
}

export interface SourceFunnel {
  banners: FunnelRow[];
  sources: FunnelRow[];
}

/** The source key of a request for the per-source table. */
export const DIRECT = "(direct)";

/** How many of these consultations ever reached each stage; null while stages are not recorded. */
async function reached(_db: Db, _ids: number[]): Promise<{ consulted: number; approved: number } | null> {
  return null;
}

export async function sourceFunnel(db: Db, range: { from: string; to: string }, partners: string[]): Promise<SourceFunnel> {
  const { start, end } = seoulRange(range.from, range.to);
  const taps = await db
    .selectFrom("banner_redirect_logs")
    .select(["partner_name", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("created_at", ">=", start!)
    .where("created_at", "<", end!)
    .groupBy("partner_name")
    .execute();
  const sourced = await db
    .selectFrom("request_sources")
    .select(["request_id", "banner_key", "utm_source", "referrer_domain"])
    .where("request_kind", "=", "consultation")
    .where("created_at", ">=", start!)
    .where("created_at", "<", end!)
    .execute();
  const all = await db
    .selectFrom("consultation_answers")
    .select("id")
    .where("created_at", ">=", start!)
    .where("created_at", "<", end!)
    .execute();
  const withSource = new Set(sourced.map((s) => s.request_id));
  const direct = all.map((r) => r.id).filter((id) => !withSource.has(id));

  const groups = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, id: number) => map.set(key, [...(map.get(key) ?? []), id]);
  const byBanner = new Map<string, number[]>();
  for (const s of sourced) {
    if (s.banner_key) add(byBanner, s.banner_key, s.request_id);
    add(groups, s.utm_source ?? s.referrer_domain ?? DIRECT, s.request_id);
  }
  for (const id of direct) add(groups, DIRECT, id);

  const tapCount = new Map(taps.map((t) => [t.partner_name, Number(t.n)]));
  const row = async (key: string, ids: number[], tapsOf: number | null): Promise<FunnelRow> => {
    const stages = ids.length ? await reached(db, ids) : { consulted: 0, approved: 0 };
    return { key, taps: tapsOf, requests: ids.length, consulted: stages?.consulted ?? null, approved: stages?.approved ?? null };
  };
  const bannerKeys = [...new Set([...partners, ...tapCount.keys(), ...byBanner.keys()])];
  const banners = await Promise.all(bannerKeys.map((k) => row(k, byBanner.get(k) ?? [], tapCount.get(k) ?? 0)));
  const sources = await Promise.all(
    [...groups.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0])).map(([k, ids]) => row(k, ids, null)),
  );
  return { banners, sources };
}
