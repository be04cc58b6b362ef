import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { AppServices } from "#app/lib/services.server.ts";

/** The request tables that carry a unique `submission_id` (docs/decisions/0003). */
type SubmissionTable = "proposals" | "as_requests" | "purchase_requests" | "consultation_answers";

/**
 * Inserts a visitor's request once: a retried submission (same client-made
 * `submission_id`) finds the first row instead of adding a second one.
 * `created` says whether this call stored it.
 */
export async function insertOnce<T extends SubmissionTable>(
  db: Kysely<Database> | Transaction<Database>,
  table: T,
  values: Insertable<Database[T]>,
): Promise<{ id: number; created: boolean }> {
  // Kysely cannot narrow a union of table names; the request tables share these columns.
  const q = db as unknown as Kysely<Pick<Database, "proposals">>;
  const row = await q
    .insertInto(table as "proposals")
    .values(values as Insertable<Database["proposals"]>)
    .onConflict((oc) => oc.column("submission_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row) return { id: row.id, created: true };
  const existing = await q
    .selectFrom(table as "proposals")
    .select("id")
    .where("submission_id", "=", (values as { submission_id?: string | null }).submission_id ?? null)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/** Times are ISO-8601 UTC text on both dialects. */
export function requestTimes(now = new Date()) {
  const iso = now.toISOString();
  return { created_at: iso, updated_at: iso };
}

/** What storing a visitor's request needs: the database and the alerts outbox. */
export type RequestStore = Pick<AppServices, "db" | "alerts">;

/**
 * Stores a new request of any kind and schedules its alerts in the same
 * transaction (docs/decisions/0014): a request that is committed has its
 * alerts, and a retried submission (`created: false`) schedules none. The
 * worker is woken after the commit; the visitor never waits on a delivery.
 */
export async function recordRequest<R extends { id: number; created: boolean }>(
  store: RequestStore,
  request: { kind: string; lang: string; now: Date },
  insert: (trx: Transaction<Database>) => Promise<R>,
): Promise<R> {
  const stored = await store.db.transaction().execute(async (trx) => {
    const result = await insert(trx);
    if (result.created) {
      await store.alerts.schedule(trx, { kind: request.kind, id: result.id, lang: request.lang, createdAt: request.now.toISOString() });
    }
    return result;
  });
  if (stored.created) store.alerts.wake();
  return stored;
}
