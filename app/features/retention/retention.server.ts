import { PostgresAdapter, SqliteAdapter, sql, type Kysely } from "kysely";
import { deleteOldCodes } from "#app/features/phone-proof/codes.server.ts";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { DEVICE_COOKIE_MS, SESSION_IDLE_MS, SIGN_IN_FAILURE_MEMORY_MS } from "#app/features/console/policy.ts";
import { monthsBefore, RETENTION_MONTHS } from "#app/requests/retention.ts";
import { DELIVERY_RETENTION_MS } from "#app/outbox/policy.ts";
import { INSTANCE, takeLease } from "#app/lib/job-lease.server.ts";
import { REQUEST_TABLES } from "#app/requests/tables.server.ts";
import { ACCESS_RETENTION_MONTHS } from "#app/features/access/chain.ts";
import { recordDestruction } from "./ledger.server.ts";

/**
 * Retention (spec §9): what is past its period is deleted, with everything
 * that belongs to it (A/S photos, consultation answers and consent records),
 * in one transaction. A daily in-process job and `npm run retention` run it;
 * each run logs counts only. Deleted means gone from the files too: SQLite
 * overwrites deleted content (`secure_delete`, db/sqlite-driver.ts) and the
 * WAL is checkpointed and truncated after each run; on PostgreSQL the tables
 * that lost rows are vacuumed (see reclaim below). Relative `.ts` imports: server/main.ts and
 * scripts/retention.ts load this natively.
 */
interface RetentionCounts {
  proposals: number;
  asRequests: number;
  asPhotos: number;
  purchaseRequests: number;
  consultations: number;
  expiredSessions: number;
  staleSignInCounters: number;
  alertDeliveries: number;
  sentLinks: number;
  rightsRequests: number;
  doNotContact: number;
  orphanSources: number;
  accessRecords: number;
}

/** Received at or before these instants means past the period. */
export function retentionCutoffs(now: Date) {
  return {
    proposals: monthsBefore(now, RETENTION_MONTHS.proposals).toISOString(),
    counterInquiries: monthsBefore(now, RETENTION_MONTHS.counterInquiries).toISOString(),
    consultations: monthsBefore(now, RETENTION_MONTHS.consultations).toISOString(),
    rightsRequests: monthsBefore(now, RETENTION_MONTHS.rightsRequests).toISOString(),
    doNotContact: monthsBefore(now, RETENTION_MONTHS.doNotContact).toISOString(),
    accessRecords: monthsBefore(now, ACCESS_RETENTION_MONTHS).toISOString(),
  };
}

/** A table retention deletes from. */
type RetentionTable =
  | "proposals"
  | "as_request_photos"
  | "as_requests"
  | "purchase_requests"
  | "consultation_answer_items"
  | "call_attempts"
  | "consent_records"
  | "consultation_answers"
  | "admin_sessions"
  | "admin_login_throttle"
  | "admin_login_accounts"
  | "admin_device_cookies"
  | "alert_deliveries"
  | "password_link_mails"
  | "visitor_push_subscriptions"
  | "rights_requests"
  | "do_not_contact"
  | "request_sources"
  | "access_records";

/**
 * One run: the deletions, then the space reclaimed, then its row in the
 * destruction ledger (cutoffs, counts, `actor`: "system" for the daily job,
 * "cli" for `npm run retention`), written even when nothing was due.
 */
export async function runRetention(db: Kysely<Database>, now = new Date(), log?: Logger, actor = "system"): Promise<RetentionCounts> {
  const { counts, emptied, chainAnchor } = await deleteExpired(db, now);
  // The ledger row before the reclaim, so the checkpoint leaves nothing in the WAL.
  await recordDestruction(db, { kind: "retention", actor, cutoffs: retentionCutoffs(now), counts: { ...counts }, chainAnchor }, now);
  // One-time codes a day after they expired (ADR 0049): HMACs only, kept that long for the limits' windows.
  await deleteOldCodes(db, now);
  const reclaimed = await reclaim(db, emptied);
  if (reclaimed?.checkpointBusy) log?.warn("retention.checkpoint_busy", {});
  return counts;
}

/** The deletions, in one transaction; answers the counts and the tables that lost rows. */
async function deleteExpired(
  db: Kysely<Database>,
  now: Date,
): Promise<{ counts: RetentionCounts; emptied: RetentionTable[]; chainAnchor: string | null }> {
  let chainAnchor: string | null = null;
  const cut = retentionCutoffs(now);
  const emptied = new Set<RetentionTable>();
  const n = (table: RetentionTable, r: { numDeletedRows: bigint } | undefined) => {
    const deleted = Number(r?.numDeletedRows ?? 0);
    if (deleted > 0) emptied.add(table);
    return deleted;
  };
  const counts = await db.transaction().execute(async (tx) => {
    const proposals = n("proposals", await tx.deleteFrom("proposals").where("created_at", "<=", cut.proposals).executeTakeFirst());

    const oldAs = tx.selectFrom("as_requests").select("id").where("created_at", "<=", cut.counterInquiries);
    const asPhotos = n(
      "as_request_photos",
      await tx.deleteFrom("as_request_photos").where("as_request_id", "in", oldAs).executeTakeFirst(),
    );
    const asRequests = n(
      "as_requests",
      await tx.deleteFrom("as_requests").where("created_at", "<=", cut.counterInquiries).executeTakeFirst(),
    );
    const purchaseRequests = n(
      "purchase_requests",
      await tx.deleteFrom("purchase_requests").where("created_at", "<=", cut.counterInquiries).executeTakeFirst(),
    );

    const oldAnswers = tx.selectFrom("consultation_answers").select("id").where("created_at", "<=", cut.consultations);
    n(
      "consultation_answer_items",
      await tx.deleteFrom("consultation_answer_items").where("answer_id", "in", oldAnswers).executeTakeFirst(),
    );
    n("consent_records", await tx.deleteFrom("consent_records").where("answer_id", "in", oldAnswers).executeTakeFirst());
    // The agents' call notes go with the consultation (issue 26); its stage history stays (no personal data).
    n(
      "call_attempts",
      await tx
        .deleteFrom("call_attempts")
        .where("request_kind", "=", "consultation")
        .where("request_id", "in", oldAnswers)
        .executeTakeFirst(),
    );
    const consultations = n(
      "consultation_answers",
      await tx.deleteFrom("consultation_answers").where("created_at", "<=", cut.consultations).executeTakeFirst(),
    );

    // Housekeeping of the console itself.
    const at = now.toISOString();
    const expiredSessions = n(
      "admin_sessions",
      await tx
        .deleteFrom("admin_sessions")
        .where((eb) =>
          eb.or([eb("expires_at", "<=", at), eb("last_seen_at", "<=", new Date(now.getTime() - SESSION_IDLE_MS).toISOString())]),
        )
        .executeTakeFirst(),
    );
    // Sign-in counters (ADR 0017), per account and address and per account, once idle and no longer locking or delaying.
    const forgetBefore = new Date(now.getTime() - SIGN_IN_FAILURE_MEMORY_MS).toISOString();
    const staleSignInCounters =
      n(
        "admin_login_throttle",
        await tx
          .deleteFrom("admin_login_throttle")
          .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
          .where("updated_at", "<=", forgetBefore)
          .executeTakeFirst(),
      ) +
      n(
        "admin_login_accounts",
        await tx
          .deleteFrom("admin_login_accounts")
          .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", at)]))
          .where("updated_at", "<=", forgetBefore)
          .executeTakeFirst(),
      ) +
      // Device cookies (ADR 0017) whose trust has run out.
      n(
        "admin_device_cookies",
        await tx
          .deleteFrom("admin_device_cookies")
          .where("created_at", "<=", new Date(now.getTime() - DEVICE_COOKIE_MS).toISOString())
          .executeTakeFirst(),
      );

    // Alert delivery rows (issue 12) are kept 30 days; invitation and reset mails (issue 29), which keep
    // an operator's address, as long.
    const monthOld = new Date(now.getTime() - DELIVERY_RETENTION_MS).toISOString();
    const [alertDeliveries, sentLinks] = [
      n("alert_deliveries", await tx.deleteFrom("alert_deliveries").where("created_at", "<=", monthOld).executeTakeFirst()),
      n("password_link_mails", await tx.deleteFrom("password_link_mails").where("created_at", "<=", monthOld).executeTakeFirst()),
    ];

    // Rights requests and complaints (phone, message): a year from the request, as the privacy policy says.
    const rightsRequests = n(
      "rights_requests",
      await tx.deleteFrom("rights_requests").where("created_at", "<=", cut.rightsRequests).executeTakeFirst(),
    );
    // A number that refused contact: three years after the refusal (the privacy policy says so).
    const doNotContact = n("do_not_contact", await tx.deleteFrom("do_not_contact").where("at", "<=", cut.doNotContact).executeTakeFirst());

    // What belongs to a request goes once the request is gone (deleted above, or erased on request): a
    // visitor's push subscriptions (issue 38) and where the request came from (issue 52: orphan sources).
    let orphanSources = 0;
    const tables = [...Object.entries(REQUEST_TABLES), ["rights", "rights_requests"] as const];
    for (const [kind, table] of tables) {
      n(
        "visitor_push_subscriptions",
        await tx
          .deleteFrom("visitor_push_subscriptions")
          .where("request_kind", "=", kind)
          .where("request_id", "not in", tx.selectFrom(table).select("id"))
          .executeTakeFirst(),
      );
      orphanSources += n(
        "request_sources",
        await tx
          .deleteFrom("request_sources")
          .where("request_kind", "=", kind)
          .where("request_id", "not in", tx.selectFrom(table).select("id"))
          .executeTakeFirst(),
      );
    }
    // Access records past two years, oldest first: the newest destroyed one's hash is where the kept chain now starts.
    const lastOld = await tx
      .selectFrom("access_records")
      .select(["id", "hash"])
      .where("at", "<=", cut.accessRecords)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    let accessRecords = 0;
    if (lastOld) {
      chainAnchor = lastOld.hash;
      accessRecords = n("access_records", await tx.deleteFrom("access_records").where("id", "<=", lastOld.id).executeTakeFirst());
    }

    return {
      rightsRequests,
      doNotContact,
      orphanSources,
      accessRecords,
      proposals,
      asRequests,
      asPhotos,
      purchaseRequests,
      consultations,
      expiredSessions,
      staleSignInCounters,
      alertDeliveries,
      sentLinks,
    };
  });
  return { counts, emptied: [...emptied], chainAnchor };
}

/** The tables an erasure by phone deletes from (app/requests/erase.server.ts): reclaimed after it. */
export const ERASURE_TABLES: readonly RetentionTable[] = [
  "consent_records",
  "consultation_answer_items",
  "call_attempts",
  "consultation_answers",
  "proposals",
  "as_request_photos",
  "as_requests",
  "purchase_requests",
  "rights_requests",
  "alert_deliveries",
  "visitor_push_subscriptions",
];

/**
 * After the deletions, outside their transaction, so the deleted text leaves
 * the files. SQLite: the deletions overwrote the rows with zeros in the WAL
 * (`secure_delete`); the checkpoint copies those pages into the database file
 * and truncates the WAL, which still held the rows as they were written.
 * PostgreSQL: a deleted row stays in the table's data files (a dead tuple)
 * until VACUUM marks its space free for new rows to overwrite; autovacuum
 * would get there some time, this does it now for the tables that lost rows
 * (plain VACUUM: no exclusive lock, the site keeps running).
 */
export async function reclaim(db: Kysely<Database>, tables: readonly RetentionTable[]): Promise<{ checkpointBusy: boolean } | null> {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) {
    // A file switched to auto_vacuum = incremental (ADR 0053) gives its free pages back to the file system first.
    const mode = await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db);
    if (Number(mode.rows[0]?.auto_vacuum) === 2) await sql`pragma incremental_vacuum`.execute(db);
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(db);
    // busy = 1: another connection (`npm run retention` beside the server) was reading; the next run finishes it.
    return { checkpointBusy: Number(rows[0]?.busy ?? 0) !== 0 };
  }
  if (adapter instanceof PostgresAdapter && tables.length > 0) {
    await sql`vacuum ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
  }
  return null;
}

/** Runs once and logs the counts (never what was deleted) and the instance that ran it. */
export async function runRetentionLogged(
  db: Kysely<Database>,
  log: Logger,
  now = new Date(),
  instance = INSTANCE,
  actor = "system",
): Promise<RetentionCounts | null> {
  try {
    const counts = await runRetention(db, now, log, actor);
    log.info("retention.run", { ...counts, instance });
    return counts;
  } catch (error) {
    log.error("retention.failed", {}, error);
    return null;
  }
}

const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * One tick of the schedule: runs only in the instance that takes the
 * "retention" lease for this interval (a little shorter, so the next tick
 * finds it free); another instance's tick in the same interval logs
 * `retention.skipped` with the instance that ran it.
 */
export async function runScheduledRetention(
  db: Kysely<Database>,
  log: Logger,
  options: { intervalMs?: number; instance?: string; now?: Date } = {},
): Promise<RetentionCounts | null> {
  const interval = options.intervalMs ?? RETENTION_INTERVAL_MS;
  const now = options.now ?? new Date();
  const instance = options.instance ?? INSTANCE;
  try {
    const lease = await takeLease(db, "retention", instance, interval - Math.min(interval / 10, 60 * 60 * 1000), now);
    if (!lease.taken) {
      log.info("retention.skipped", { ranBy: lease.holder });
      return null;
    }
  } catch (error) {
    log.error("retention.failed", {}, error);
    return null;
  }
  return runRetentionLogged(db, log, now, instance);
}

/**
 * The daily job inside the server process: first run a minute after start
 * (not in the way of start-up), then every 24 hours. The timers are unref'd:
 * they never keep the process alive. Answers a stop function, which resolves
 * once a run under way has finished (the database may be closed then).
 */
export function startRetentionJob(
  db: Kysely<Database>,
  log: Logger,
  options: { firstRunMs?: number; intervalMs?: number } = {},
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= runScheduledRetention(db, log, { intervalMs: options.intervalMs }).finally(() => (running = null));
  };
  const first = setTimeout(run, options.firstRunMs ?? 60_000);
  const every = setInterval(run, options.intervalMs ?? RETENTION_INTERVAL_MS);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
