import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";

/**
 * The destruction ledger (issue 52 item 6; 표준 개인정보 보호지침 제10조):
 * each retention run and each erasure — when, by whom ("system" for the daily
 * job, "cli" for `npm run retention`, an operator's e-mail), the cutoffs and
 * the counts; never what was destroyed. The privacy officer confirms each row
 * in the console.
 */
type Db = Kysely<Database>;

export async function recordDestruction(
  db: Db,
  entry: {
    kind: "retention" | "erasure";
    actor: string;
    cutoffs: Record<string, string>;
    counts: Record<string, number>;
    detail?: string;
    chainAnchor?: string | null;
  },
  now = new Date(),
): Promise<number> {
  const row = await db
    .insertInto("destruction_ledger")
    .values({
      at: now.toISOString(),
      kind: entry.kind,
      actor: entry.actor.slice(0, 254),
      cutoffs: JSON.stringify(entry.cutoffs),
      counts: JSON.stringify(entry.counts),
      detail: (entry.detail ?? "").slice(0, 500),
      chain_anchor: entry.chainAnchor ?? null,
      confirmed_at: null,
      confirmed_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface LedgerEntry {
  id: number;
  at: string;
  kind: "retention" | "erasure";
  actor: string;
  cutoffs: Record<string, string>;
  /** Only the non-zero counts. */
  counts: Record<string, number>;
  detail: string;
  confirmed: { at: string; by: string } | null;
}

export async function listLedger(db: Db, limit = 100): Promise<{ entries: LedgerEntry[]; unconfirmed: number }> {
  const rows = await db.selectFrom("destruction_ledger").selectAll().orderBy("id", "desc").limit(limit).execute();
  const waiting = await db
    .selectFrom("destruction_ledger")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  return {
    unconfirmed: Number(waiting?.n ?? 0),
    entries: rows.map((r) => ({
      id: r.id,
      at: formatSeoul(new Date(r.at).toISOString()),
      kind: r.kind,
      actor: r.actor,
      cutoffs: Object.fromEntries(
        Object.entries(JSON.parse(r.cutoffs) as Record<string, string>).map(([k, v]) => [k, formatSeoul(new Date(v).toISOString())]),
      ),
      counts: Object.fromEntries(Object.entries(JSON.parse(r.counts) as Record<string, number>).filter(([, n]) => n > 0)),
      detail: r.detail,
      confirmed: r.confirmed_at ? { at: formatSeoul(new Date(r.confirmed_at).toISOString()), by: r.confirmed_by ?? "" } : null,
    })),
  };
}

/** The officer confirms a row once; false when it does not exist or is confirmed already. */
export async function confirmDestruction(db: Db, id: number, by: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("destruction_ledger")
    .set({ confirmed_at: now.toISOString(), confirmed_by: by })
    .where("id", "=", id)
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
