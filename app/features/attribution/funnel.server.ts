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
 * The stages come from the pipeline's stage history (issue 26): a request
 * counts as consulted once it ever reached consulted or a later stage, and as
 * approved once it reached approved — whatever happened after, and even if
 * its personal data is gone (the history keeps none).
 */
type Db = Kysely<Database>;

export interface FunnelRow {
  key: string;
  taps: number | null;
  requests: number;
  consulted: number;
  approved: number;
}

export interface SourceFunnel {
  banners: FunnelRow[];
  sources: FunnelRow[];
}

/** The source key of a request for the per-source table. */
export const DIRECT = "(direct)";

const CONSULTED_OR_LATER = ["consulted", "documents", "with_lender", "approved", "declined"] as const;

/** How many of these consultations ever reached each stage (from the stage history). */
async function reached(db: Db, ids: number[]): Promise<{ consulted: number; approved: number }> {
  const consulted = new Set<number>();
  const approved = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("request_stage_history")
      .select(["request_id", "to_stage"])
      .where("request_kind", "=", "consultation")
      .where("request_id", "in", ids.slice(i, i + 500))
      .where("to_stage", "in", CONSULTED_OR_LATER)
      .execute();
    for (const r of rows) {
      consulted.add(r.request_id);
      if (r.to_stage === "approved") approved.add(r.request_id);
    }
  }
  return { consulted: consulted.size, approved: approved.size };
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
    return { key, taps: tapsOf, requests: ids.length, consulted: stages.consulted, approved: stages.approved };
  };
  const bannerKeys = [...new Set([...partners, ...tapCount.keys(), ...byBanner.keys()])];
  const banners = await Promise.all(bannerKeys.map((k) => row(k, byBanner.get(k) ?? [], tapCount.get(k) ?? 0)));
  const sources = await Promise.all(
    [...groups.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0])).map(([k, ids]) => row(k, ids, null)),
  );
  return { banners, sources };
}
