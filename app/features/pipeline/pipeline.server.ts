import type { Kysely, Transaction } from "kysely";
import type { ClosedReason, Database, RequestStage } from "#db/schema.ts";
import type { RequestKind } from "#app/requests/kinds.ts";
import { REQUEST_TABLES } from "#app/requests/tables.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { canMove, isDecided, type StageMove } from "#app/features/pipeline/stages.ts";
import { scheduleVisitorNews } from "#app/features/visitor-news/visitor-push.server.ts";
import type { VisitorNews } from "#app/features/visitor-news/visitor-push.ts";
import { givenConsentFor } from "#app/features/pipeline/lender-consent.server.ts";

/**
 * Moving a request from one stage to the next (issue 26, item 1): the
 * request's row, its history row and the audit log change together, in one
 * transaction, or not at all. A move the workflow does not allow, or one
 * from a stage the request has already left (another operator was quicker),
 * changes nothing.
 */
type Db = Kysely<Database>;

/** Who moves it: an operator, or the system (the call cadence) with no one signed in. */
export type Mover = { operator: { id: number; email: string } } | null;

/** `consent`: to the lender stage without the person's consent to give their data to that lender (issue 52, item 1). */
export type MoveResult = { ok: true } | { ok: false; error: "missing" | "stale" | "notAllowed" | "reason" | "consent" };

/** The stages whose reaching the visitor is told of by Web Push (issue 38). */
const VISITOR_STAGE_NEWS: Partial<Record<RequestStage, VisitorNews>> = {
  documents: "documents",
  with_lender: "with_lender",
  approved: "decided",
  declined: "decided",
  closed: "closed",
};

/** The stage a request stands at, read inside `trx` (null: no such request). */
async function currentStage(trx: Transaction<Database>, kind: RequestKind, id: number): Promise<RequestStage | null> {
  const row = await trx.selectFrom(REQUEST_TABLES[kind]).select("status").where("id", "=", id).executeTakeFirst();
  return (row?.status as RequestStage | undefined) ?? null;
}

/** What the move records beside the stage, on the consultation's row and in its history. */
function facts(move: StageMove): {
  closed_reason: ClosedReason | null;
  closed_note: string | null;
  lender: string | null;
  amount: number | null;
  approved_on: string | null;
} {
  return {
    closed_reason: move.to === "closed" ? (move.reason ?? null) : null,
    closed_note: move.to === "closed" && move.reason === "other" ? (move.closedNote ?? null) : null,
    lender: move.to === "with_lender" ? move.lender : null,
    amount: move.to === "approved" ? move.amount : null,
    approved_on: move.to === "approved" ? move.approvedOn : null,
  };
}

/**
 * Moves request `kind` #`id` from `from` (the stage the operator saw) along
 * `move`, in a transaction of its own. `inside` runs more work in the same
 * transaction (the tests make it fail).
 */
export async function moveStage(
  db: Db,
  who: Mover,
  kind: RequestKind,
  id: number,
  from: RequestStage,
  move: StageMove,
  now = new Date(),
  inside?: (trx: Transaction<Database>) => Promise<void>,
): Promise<MoveResult> {
  return db.transaction().execute(async (trx) => {
    const moved = await moveWithin(trx, who, kind, id, from, move, now);
    if (moved.ok && inside) await inside(trx);
    return moved;
  });
}

/** The same move inside a transaction the caller holds (a logged call moves its lead along with it). */
export async function moveWithin(
  trx: Transaction<Database>,
  who: Mover,
  kind: RequestKind,
  id: number,
  from: RequestStage,
  move: StageMove,
  now: Date,
): Promise<MoveResult> {
  if (kind === "consultation" && move.to === "closed" && !move.reason) return { ok: false, error: "reason" };
  if (!canMove(kind, from, move.to)) return { ok: false, error: "notAllowed" };
  const at = now.toISOString();
  const recorded = facts(move);
  const stage = await currentStage(trx, kind, id);
  if (stage === null) return { ok: false, error: "missing" };
  if (stage !== from) return { ok: false, error: "stale" };
  // No lead reaches a lender without the person's consent to that provision (법 제17조①1; ADR 0052): the consent
  // given to the lender the move names, on the status page, by phone or on paper, read in this transaction.
  const consent = move.to === "with_lender" ? await givenConsentFor(trx, id, move.lender) : null;
  if (move.to === "with_lender" && consent === null) return { ok: false, error: "consent" };
  // The stage changes only where it still is what the operator saw (two operators at once: one wins).
  const updated =
    kind === "consultation"
      ? await trx
          .updateTable("consultation_answers")
          .set({
            status: move.to as Exclude<RequestStage, "in_progress" | "done">,
            updated_at: at,
            // Closed, it says why; reopened, it no longer does (its history still does).
            ...(move.to === "closed" || from === "closed"
              ? { closed_reason: recorded.closed_reason, closed_note: recorded.closed_note }
              : {}),
            ...(move.to === "with_lender" ? { lender: recorded.lender } : {}),
            ...(move.to === "approved" ? { approved_amount: recorded.amount, approved_on: recorded.approved_on } : {}),
            // A decided or closed lead is called no more: its schedule ends with it.
            ...(isDecided(move.to) ? { next_call_at: null, next_call_asked: 0 } : {}),
          })
          .where("id", "=", id)
          .where("status", "=", from as Exclude<RequestStage, "in_progress" | "done">)
          .executeTakeFirst()
      : await trx
          .updateTable(REQUEST_TABLES[kind] as "proposals")
          .set({ status: move.to as "new" | "in_progress" | "done" | "closed", updated_at: at })
          .where("id", "=", id)
          .where("status", "=", from as "new" | "in_progress" | "done" | "closed")
          .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { ok: false, error: "stale" };
  await trx
    .insertInto("request_stage_history")
    .values({
      request_kind: kind,
      request_id: id,
      from_stage: from,
      to_stage: move.to,
      operator_id: who?.operator.id ?? null,
      at,
      closed_reason: recorded.closed_reason,
      lender: recorded.lender,
      amount: recorded.amount,
      approved_on: recorded.approved_on,
    })
    .execute();
  const detail = [
    `${from}→${move.to}`,
    recorded.closed_reason ? `reason=${recorded.closed_reason}` : "",
    consent !== null ? `consent=#${consent}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  await audit(trx, who, "stage", { kind, id }, detail, now);
  // The visitor's phone hears of it, if they asked on the status page (issue 38), queued in this transaction.
  const news = VISITOR_STAGE_NEWS[move.to];
  if (news) await scheduleVisitorNews(trx, { kind, id }, news, { now });
  return { ok: true };
}

export interface StageHistoryEntry {
  id: number;
  from: RequestStage | null;
  to: RequestStage;
  operator: string | null;
  at: string;
  reason: ClosedReason | null;
  lender: string | null;
  amount: number | null;
  approvedOn: string | null;
}

/** A request's moves, newest first (every operator may read them: no personal data). */
export async function stageHistory(db: Db, kind: RequestKind, id: number): Promise<StageHistoryEntry[]> {
  const rows = await db
    .selectFrom("request_stage_history as h")
    .leftJoin("admin_operators as o", "o.id", "h.operator_id")
    .select(["h.id", "h.from_stage", "h.to_stage", "o.email", "h.at", "h.closed_reason", "h.lender", "h.amount", "h.approved_on"])
    .where("h.request_kind", "=", kind)
    .where("h.request_id", "=", id)
    .orderBy("h.at", "desc")
    .orderBy("h.id", "desc")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    from: r.from_stage,
    to: r.to_stage,
    operator: r.email ?? null,
    at: formatSeoul(r.at),
    reason: r.closed_reason,
    lender: r.lender,
    amount: r.amount === null ? null : Number(r.amount),
    approvedOn: r.approved_on,
  }));
}
