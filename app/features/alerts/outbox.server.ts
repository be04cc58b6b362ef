import type { Kysely, Selectable, Transaction } from "kysely";
import type { AlertDeliveryTable, Database } from "#db/schema.ts";
import { isPostgres } from "#db/migrations/dialect-types.ts";
import type { AlertEvent } from "#app/features/alerts/message.ts";
import { enabledDevices } from "#app/features/alerts/devices.server.ts";
import { nextAttemptAt } from "#app/features/alerts/policy.ts";

/**
 * The outbox (docs/decisions/0014): a new request's alert rows are written in
 * the request's own transaction, one per channel and recipient, so a request
 * that answered 200 has its alerts even if the process dies the next instant.
 * Workers claim due rows under a lease (`FOR UPDATE SKIP LOCKED` on
 * PostgreSQL, one atomic UPDATE on SQLite), so each row is delivered by one
 * instance; a lease that runs out (a worker died) frees its rows again.
 */
type Db = Kysely<Database> | Transaction<Database>;
export type Delivery = Selectable<AlertDeliveryTable>;

/** Which channels are configured (Web Push rows follow the operators' subscriptions). */
export interface AlertTargets {
  webhook: boolean;
  email: readonly string[];
}

export async function scheduleAlerts(trx: Db, targets: AlertTargets, event: AlertEvent, now = new Date()): Promise<number> {
  // Devices of operators who are still enabled (a disabled operator's devices get nothing).
  const devices = await enabledDevices(trx).select("s.id").execute();
  return insertDeliveries(
    trx,
    [
      ...(targets.webhook ? [{ channel: "webhook" as const, recipient: "webhook" }] : []),
      ...targets.email.map((to) => ({ channel: "email" as const, recipient: to })),
      ...devices.map((d) => ({ channel: "push" as const, recipient: String(d.id) })),
    ],
    event,
    now,
  );
}

/**
 * An alert for some operators only (a call-back due to its agent): Web Push
 * rows for the devices of those of `operatorIds` who are still enabled.
 */
export async function schedulePush(trx: Db, operatorIds: readonly number[], event: AlertEvent, now = new Date()): Promise<number> {
  if (!operatorIds.length) return 0;
  const devices = await enabledDevices(trx).select("s.id").where("s.operator_id", "in", operatorIds).execute();
  return insertDeliveries(
    trx,
    devices.map((d) => ({ channel: "push" as const, recipient: String(d.id) })),
    event,
    now,
  );
}

/** A delivery row as it is queued: due at `at`, not claimed, failed or delivered yet. */
export function queuedDelivery(to: { channel: Delivery["channel"]; recipient: string }, event: AlertEvent, at: string) {
  return {
    ...to,
    request_kind: event.kind,
    request_id: event.id,
    request_lang: event.lang,
    request_created_at: event.createdAt,
    next_attempt_at: at,
    claim_token: null,
    claimed_until: null,
    last_error: null,
    first_failed_at: null,
    delivered_at: null,
    created_at: at,
    updated_at: at,
  };
}

async function insertDeliveries(
  trx: Db,
  recipients: { channel: Delivery["channel"]; recipient: string }[],
  event: AlertEvent,
  now: Date,
): Promise<number> {
  if (!recipients.length) return 0;
  const at = now.toISOString();
  await trx
    .insertInto("alert_deliveries")
    .values(recipients.map((r) => queuedDelivery(r, event, at)))
    .execute();
  return recipients.length;
}

/** Takes up to `limit` due rows for this worker (`token`) until `leaseMs` from now; counts the attempt. */
export async function claimDue(
  db: Kysely<Database>,
  options: { token: string; limit: number; leaseMs: number; now?: Date },
): Promise<Delivery[]> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  let due = db
    .selectFrom("alert_deliveries")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", at)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(options.limit);
  if (isPostgres(db as Kysely<unknown>)) due = due.forUpdate().skipLocked();
  return db
    .updateTable("alert_deliveries")
    .set((eb) => ({
      claim_token: options.token,
      claimed_until: new Date(now.getTime() + options.leaseMs).toISOString(),
      attempts: eb("attempts", "+", 1),
      updated_at: at,
    }))
    .where("id", "in", due)
    .returningAll()
    .execute();
}

const released = { claim_token: null, claimed_until: null } as const;

export async function markDelivered(db: Kysely<Database>, ids: readonly number[], token: string, now = new Date()): Promise<void> {
  if (!ids.length) return;
  const at = now.toISOString();
  await db
    .updateTable("alert_deliveries")
    .set({ ...released, status: "delivered", delivered_at: at, last_error: null, updated_at: at })
    .where("id", "in", ids)
    .where("claim_token", "=", token)
    .execute();
}

/** A failed attempt: retried later on the schedule of policy.ts, or failed for good after 24 hours. */
export async function markFailed(db: Kysely<Database>, row: Delivery, reason: string, now = new Date()): Promise<"retrying" | "failed"> {
  const at = now.toISOString();
  const next = nextAttemptAt(row.attempts, row.created_at, now);
  await db
    .updateTable("alert_deliveries")
    .set((eb) => ({
      ...released,
      status: next ? "pending" : "failed",
      next_attempt_at: next ? next.toISOString() : row.next_attempt_at,
      last_error: reason.slice(0, 500),
      first_failed_at: eb.fn.coalesce("first_failed_at", eb.val(at)),
      updated_at: at,
    }))
    .where("id", "=", row.id)
    .where("claim_token", "=", row.claim_token)
    .execute();
  return next ? "retrying" : "failed";
}

/** Nothing to deliver any more (the device unsubscribed, the operator was disabled). */
export async function markCancelled(db: Kysely<Database>, row: Delivery, reason: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable("alert_deliveries")
    .set({ ...released, status: "cancelled", last_error: reason.slice(0, 500), updated_at: at })
    .where("id", "=", row.id)
    .where("claim_token", "=", row.claim_token)
    .execute();
}
