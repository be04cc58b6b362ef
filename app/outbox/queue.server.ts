import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { AlertDeliveryTable, Database, OutboxChannel } from "#db/schema.ts";
import { isPostgres } from "#db/migrations/dialect-types.ts";
import { nextAttemptAt } from "#app/outbox/policy.ts";

/**
 * The outbox (ADR 0014, made a kit by ADR 0048): every message the site sends
 * (an operator's alert, a visitor's push news, a password-link mail, a text)
 * is a row of `alert_deliveries`, written in the transaction that decided it,
 * so an answer of 200 has its messages even if the process dies the next
 * instant. Workers claim due rows under a lease (`FOR UPDATE SKIP LOCKED` on
 * PostgreSQL, one atomic UPDATE on SQLite), so each row is delivered by one
 * instance; a lease that runs out (a worker died) frees its rows again.
 * What a row carries that cannot be read again at send time is in `payload`,
 * sealed by its feature, and wiped once the row is delivered or given up.
 */
type Db = Kysely<Database> | Transaction<Database>;
export type Delivery = Selectable<AlertDeliveryTable>;
export type { OutboxChannel };

/** Who a row is about: a visitor's request (its kind, id, language and time), or nothing ("operator", 0). */
export interface DeliverySubject {
  kind: string;
  id: number;
  lang: string;
  createdAt: string;
}

/** A delivery row as it is queued: due at `at`, not claimed, failed or delivered yet. */
export function queuedDelivery(to: { channel: OutboxChannel; recipient: string }, subject: DeliverySubject, at: string) {
  return {
    ...to,
    request_kind: subject.kind,
    request_id: subject.id,
    request_lang: subject.lang,
    request_created_at: subject.createdAt,
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

/** Queues one row per recipient, due now; answers how many. */
export async function insertDeliveries(
  trx: Db,
  recipients: { channel: OutboxChannel; recipient: string }[],
  subject: DeliverySubject,
  now = new Date(),
): Promise<number> {
  if (!recipients.length) return 0;
  const at = now.toISOString();
  await trx
    .insertInto("alert_deliveries")
    .values(recipients.map((r) => queuedDelivery(r, subject, at)))
    .execute();
  return recipients.length;
}

/**
 * Queues one row, with `extra` columns (payload, news, dedupe_key, a later
 * due time); answers its id. With a `dedupe_key` already queued, nothing is
 * added and the id of the row already there is the answer (on every
 * instance: the key is unique).
 */
export async function insertDelivery(
  trx: Db,
  to: { channel: OutboxChannel; recipient: string },
  subject: DeliverySubject,
  extra: Partial<Insertable<AlertDeliveryTable>> = {},
  now = new Date(),
): Promise<number> {
  const row = { ...queuedDelivery(to, subject, now.toISOString()), ...extra };
  const key = extra.dedupe_key;
  if (!key) {
    const inserted = await trx.insertInto("alert_deliveries").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  }
  await trx
    .insertInto("alert_deliveries")
    .values(row)
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .execute();
  const existing = await trx.selectFrom("alert_deliveries").select("id").where("dedupe_key", "=", key).executeTakeFirstOrThrow();
  return Number(existing.id);
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

/** Delivered: the payload goes (a link, a number), the row stays as the record that it went. */
export async function markDelivered(
  db: Kysely<Database>,
  ids: readonly number[],
  token: string,
  now = new Date(),
  extra: { provider_ref?: string | null; cost_won?: number | null } = {},
): Promise<void> {
  if (!ids.length) return;
  const at = now.toISOString();
  await db
    .updateTable("alert_deliveries")
    .set({ ...released, ...extra, status: "delivered", delivered_at: at, last_error: null, payload: null, updated_at: at })
    .where("id", "in", ids)
    .where("claim_token", "=", token)
    .execute();
}

/** A failed attempt: retried later on the schedule of policy.ts, or failed for good after 24 hours (the payload then goes). */
export async function markFailed(
  db: Kysely<Database>,
  row: Delivery,
  reason: string,
  now = new Date(),
  options: { retry?: boolean } = {},
): Promise<"retrying" | "failed"> {
  const at = now.toISOString();
  const next = options.retry === false ? null : nextAttemptAt(row.attempts, row.created_at, now);
  await db
    .updateTable("alert_deliveries")
    .set((eb) => ({
      ...released,
      status: next ? "pending" : "failed",
      next_attempt_at: next ? next.toISOString() : row.next_attempt_at,
      last_error: reason.slice(0, 500),
      first_failed_at: eb.fn.coalesce("first_failed_at", eb.val(at)),
      ...(next ? {} : { payload: null }),
      updated_at: at,
    }))
    .where("id", "=", row.id)
    .where("claim_token", "=", row.claim_token)
    .execute();
  return next ? "retrying" : "failed";
}

/** Nothing to deliver any more (the device unsubscribed, the operator was disabled, the channel is off). */
export async function markCancelled(db: Kysely<Database>, row: Delivery, reason: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable("alert_deliveries")
    .set({ ...released, status: "cancelled", last_error: reason.slice(0, 500), payload: null, updated_at: at })
    .where("id", "=", row.id)
    .where("claim_token", "=", row.claim_token)
    .execute();
}
