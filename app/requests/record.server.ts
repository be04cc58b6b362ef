import { createHmac } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { issueStatusToken } from "#app/requests/status-link.server.ts";
import type { StatusKind } from "#app/requests/kinds.ts";
import { storeSource } from "#app/requests/source.server.ts";
import type { RequestSource } from "#app/requests/source.ts";

/** The request tables that carry a unique `submission_id` (docs/decisions/0003). */
type SubmissionTable = "proposals" | "as_requests" | "purchase_requests" | "consultation_answers";

/** A form posted without JavaScript and again with the same content within this window is stored once. */
export const CONTENT_WINDOW_MS = 10 * 60 * 1000;
const CONTENT_ID = /^c-([0-9a-f]{40})-([0-9a-z]+)$/;

/**
 * The submission id of a form posted without one (before JavaScript made it,
 * or without JavaScript at all; pages carry no per-visitor id, issue 13): an
 * HMAC of what was sent, under the app's secret (nothing of the content can
 * be read back from it), and the window it was sent in. A double tap or a
 * re-sent post gives the same id; `insertOnce` also finds the previous
 * window's, so the same content counts as one for at least `CONTENT_WINDOW_MS`
 * (and at most twice that) — on every instance, through the database.
 */
export function contentSubmissionId(secret: string, kind: string, content: unknown, now = Date.now()): string {
  const digest = createHmac("sha256", secret)
    .update(`${kind}\n${JSON.stringify(content)}`)
    .digest("hex")
    .slice(0, 40);
  return `c-${digest}-${Math.floor(now / CONTENT_WINDOW_MS).toString(36)}`;
}

/**
 * A form post's fields without an empty submission id (a page served before
 * its script made one): the schema then sees no id rather than a bad one.
 */
export function withoutEmptyId<T extends Record<string, string>>(fields: T, name = "submission_id"): T {
  if (fields[name] !== "") return fields;
  const { [name]: _empty, ...rest } = fields;
  return rest as T;
}

/** The same content's id in the window before, for a content id; null for a client-made id. */
function previousWindowId(id: string | null | undefined): string | null {
  const match = id ? CONTENT_ID.exec(id) : null;
  if (!match) return null;
  const window = parseInt(match[2]!, 36);
  return window > 0 ? `c-${match[1]}-${(window - 1).toString(36)}` : null;
}

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
  const earlier = previousWindowId((values as { submission_id?: string | null }).submission_id);
  if (earlier) {
    const found = await q
      .selectFrom(table as "proposals")
      .select("id")
      .where("submission_id", "=", earlier)
      .executeTakeFirst();
    if (found) return { id: found.id, created: false };
  }
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

/** What a new request tells the operators: its kind, number, language and time (and a consultation's check, as counts). */
export interface RequestEvent {
  kind: string;
  id: number;
  lang: string;
  createdAt: string;
  /** A consultation's eligibility check (issue 27): only the counts, "fits N of M". */
  check?: { fits: number; total: number } | null;
}

/**
 * The operators' alerts as a request's transaction sees them (ADR 0014): rows
 * written inside the transaction, a worker woken after the commit. The alerts
 * feature implements it (app/features/alerts/alerts.server.ts); the server
 * hands it to the forms (app/features/alerts/context.server.ts).
 */
export interface RequestAlerts {
  /** Alert rows for every channel, for a new request. */
  schedule(trx: Transaction<Database>, event: RequestEvent): Promise<void>;
  /** Web Push rows for some operators' devices only (a call-back due to its agent). */
  notify(trx: Transaction<Database>, operatorIds: readonly number[], event: RequestEvent): Promise<void>;
  /** After the commit: tell the worker that rows are waiting. */
  wake(): void;
  /**
   * The visitor's status link by 알림톡 or text to the mobile number they gave
   * (issue 49), inside the request's transaction; absent when the text
   * channel is off (server/outbox.ts). Nothing for a number that is not a
   * Korean mobile or that asked not to be contacted.
   */
  textStatusLink?(
    trx: Transaction<Database>,
    request: { kind: StatusKind; id: number; lang: string; now: Date },
    phone: string,
    statusToken: string,
  ): Promise<void>;
}

/** What storing a visitor's request needs: the database, the alerts outbox and the secret its status link is made with. */
export interface RequestStore {
  db: Kysely<Database>;
  alerts: RequestAlerts;
  secret: string;
}

/** A kind's own step in the request's transaction, once it is stored (a new consultation's agent, issue 26). */
export type IntakeStep = (trx: Transaction<Database>, id: number, now: Date) => Promise<unknown>;

/** A stored request: its id, whether this call stored it, and its private status link's token (issue 28). */
export type Recorded<R> = R & { statusToken: string };

/**
 * Stores a new request of any kind and schedules its alerts in the same
 * transaction (docs/decisions/0014): a request that is committed has its
 * alerts, and a retried submission (`created: false`) schedules none. The
 * worker is woken after the commit; the visitor never waits on a delivery.
 * In the same transaction the request gets its private status link (issue
 * 28; a retry gets the same one), when it was sent with one, its source,
 * and the kind's own `step` runs (a new consultation is given to the next
 * agent on duty, issue 26). With the visitor's mobile `phone` and the text
 * channel on, the status link is queued by 알림톡 or text too (issue 49).
 */
export async function recordRequest<R extends { id: number; created: boolean }>(
  store: RequestStore,
  request: { kind: StatusKind; lang: string; now: Date; source?: RequestSource; step?: IntakeStep; phone?: string },
  insert: (trx: Transaction<Database>) => Promise<R>,
): Promise<Recorded<R>> {
  const stored = await store.db.transaction().execute(async (trx) => {
    const result = await insert(trx);
    if (result.created) {
      await store.alerts.schedule(trx, { kind: request.kind, id: result.id, lang: request.lang, createdAt: request.now.toISOString() });
      if (request.source) await storeSource(trx, { kind: request.kind, id: result.id, now: request.now }, request.source);
      if (request.step) await request.step(trx, result.id, request.now);
    }
    const statusToken = await issueStatusToken(trx, store.secret, {
      kind: request.kind,
      id: result.id,
      lang: request.lang,
      now: request.now,
    });
    if (result.created && request.phone && store.alerts.textStatusLink)
      await store.alerts.textStatusLink(
        trx,
        { kind: request.kind, id: result.id, lang: request.lang, now: request.now },
        request.phone,
        statusToken,
      );
    return { ...result, statusToken };
  });
  if (stored.created) store.alerts.wake();
  return stored;
}
