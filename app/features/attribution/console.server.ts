import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { CsvValue } from "#app/lib/csv.ts";

/**
 * Where requests came from, for the console (issue 28, point 4): the source
 * of each listed request in one query per page, and the CSV's columns.
 */
type Db = Kysely<Database>;

export interface SourceSummary {
  utm: string | null;
  banner: string | null;
  referrer: string | null;
  eligibility: boolean;
}

const key = (kind: string, id: number) => `${kind}-${id}`;

/** The source rows of one kind's requests, in chunks that keep every dialect under its parameter limit. */
async function sourceRows(db: Db, kind: string, ids: number[]) {
  const rows = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom("request_sources")
        .selectAll()
        .where("request_kind", "=", kind)
        .where("request_id", "in", ids.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}

/** The source of each of `refs` that has one, keyed `kind-id`. */
export async function sourcesOf(db: Db, refs: { kind: string; id: number }[]): Promise<Record<string, SourceSummary>> {
  const out: Record<string, SourceSummary> = {};
  for (const kind of new Set(refs.map((r) => r.kind))) {
    const ids = refs.filter((r) => r.kind === kind).map((r) => r.id);
    for (const r of await sourceRows(db, kind, ids)) {
      const utm = [r.utm_source, r.utm_medium, r.utm_campaign].filter(Boolean).join(" / ");
      out[key(kind, r.request_id)] = {
        utm: utm || null,
        banner: r.banner_key,
        referrer: r.referrer_domain,
        eligibility: Number(r.eligibility_used) === 1,
      };
    }
  }
  return out;
}

export const SOURCE_COLUMNS = ["utm_source", "utm_medium", "utm_campaign", "banner", "referrer", "eligibility"] as const;

/** The CSV's source columns for the rows of one kind, in the order of `ids`. */
export async function sourceColumns(db: Db, kind: string, ids: number[]): Promise<CsvValue[][]> {
  const byId = new Map<number, CsvValue[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("request_sources")
      .selectAll()
      .where("request_kind", "=", kind)
      .where("request_id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows)
      byId.set(r.request_id, [
        r.utm_source,
        r.utm_medium,
        r.utm_campaign,
        r.banner_key,
        r.referrer_domain,
        Number(r.eligibility_used) === 1 ? "Y" : "N",
      ]);
  }
  return ids.map((id) => byId.get(id) ?? ["", "", "", "", "", ""]);
}
