import { sql, PostgresAdapter, type Kysely } from "kysely";
import type { RouterContextProvider } from "react-router";
import type { AccessKind, Database } from "#db/schema.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { signedIn } from "#app/features/console/guards.server.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { ACCESS_RETENTION_MONTHS, compactRecords, GENESIS, maskTerm, networkOf, recordHash, walkChain, type ChainBreak } from "./chain.ts";

/**
 * Access records (issue 52 item 2, ADR 0053): every view of personal data by
 * an operator, appended to a hash chain. One writer at a time extends the
 * chain: PostgreSQL takes a transaction-scoped advisory lock, SQLite's
 * transactions are serialised already.
 */
type Db = Kysely<Database>;

/** The advisory lock key of the chain's writer (any constant; "ACCESS52"). */
const CHAIN_LOCK = 0x41434345_5352;

export interface AccessView {
  kind: AccessKind;
  records: readonly { kind: string; id: number }[];
  /** A search term: kept masked only. */
  term?: string;
  detail?: string;
}

export async function recordAccess(db: Db, who: Pick<SignedIn, "operator">, ip: string, view: AccessView, now = new Date()): Promise<void> {
  const { term, termKind } = maskTerm(view.term);
  const fields = {
    at: now.toISOString(),
    operator_id: who.operator.id,
    operator_email: who.operator.email,
    role: who.operator.role,
    ip: ip.slice(0, 64),
    network: networkOf(ip),
    kind: view.kind,
    records: compactRecords(view.records),
    record_count: new Set(view.records.map((r) => `${r.kind}:${r.id}`)).size,
    term,
    term_kind: termKind,
    detail: (view.detail ?? "").slice(0, 500),
  };
  await db.transaction().execute(async (tx) => {
    if (tx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(tx);
    const last = await tx.selectFrom("access_records").select("hash").orderBy("id", "desc").limit(1).executeTakeFirst();
    const prev_hash = last?.hash ?? (await chainAnchor(tx)) ?? GENESIS;
    const row = { ...fields, prev_hash };
    await tx
      .insertInto("access_records")
      .values({ ...row, hash: recordHash(row) })
      .execute();
  });
}

/** The view of the operator signed in on this request, from its address (the proxy's forwarded one: server/app.ts). */
export async function recordView(context: Readonly<RouterContextProvider>, view: AccessView, now = new Date()): Promise<void> {
  await recordAccess(services(context).db, signedIn(context), context.get(requestContext).clientIp, view, now);
}

/** Where the kept chain starts after retention destroyed its oldest records: the last anchor the ledger kept. */
async function chainAnchor(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom("destruction_ledger")
    .select("chain_anchor")
    .where("chain_anchor", "is not", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.chain_anchor ?? null;
}

export type ChainCheck = { ok: true; checked: number } | { ok: false; checked: number; brokenAt: ChainBreak & { at: string } };

/** Walks the whole kept chain, a thousand rows at a time; says the first record where it breaks. */
export async function verifyChain(db: Db): Promise<ChainCheck> {
  const anchor = await chainAnchor(db);
  let expected: readonly string[] = [anchor ?? GENESIS];
  let after = 0;
  let checked = 0;
  for (;;) {
    const rows = await db.selectFrom("access_records").selectAll().where("id", ">", after).orderBy("id").limit(1000).execute();
    if (!rows.length) return { ok: true, checked };
    const broken = walkChain(rows, expected);
    if (broken) {
      const row = rows.find((r) => r.id === broken.id)!;
      return { ok: false, checked: checked + rows.indexOf(row), brokenAt: { ...broken, at: new Date(row.at).toISOString() } };
    }
    checked += rows.length;
    expected = [rows.at(-1)!.hash];
    after = rows.at(-1)!.id;
  }
}

export { ACCESS_RETENTION_MONTHS, GENESIS };
