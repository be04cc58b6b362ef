import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { RETENTION_MONTHS, SESSION_IDLE_MS, SIGN_IN_FAILURE_MEMORY_MS } from "#app/features/admin/policy.ts";
import { DELIVERY_RETENTION_MS } from "#app/features/alerts/policy.ts";

/**
 * Retention (spec §9): what is past its period is deleted, with everything
 * that belongs to it (A/S photos, consultation answers and consent records),
 * in one transaction. A daily in-process job and `npm run retention` run it;
 * each run logs counts only. Relative `.ts` imports: server/main.ts and
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
}

/** The same instant `months` calendar months earlier (the 31st falls back to the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const d = new Date(now);
  d.setUTCDate(1);
  d.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return d;
}

/** Received at or before these instants means past the period. */
export function retentionCutoffs(now: Date) {
  return {
    proposals: monthsBefore(now, RETENTION_MONTHS.proposals).toISOString(),
    counterInquiries: monthsBefore(now, RETENTION_MONTHS.counterInquiries).toISOString(),
    consultations: monthsBefore(now, RETENTION_MONTHS.consultations).toISOString(),
  };
}

const n = (r: { numDeletedRows: bigint } | undefined) => Number(r?.numDeletedRows ?? 0);

export async function runRetention(db: Kysely<Database>, now = new Date()): Promise<RetentionCounts> {
  const cut = retentionCutoffs(now);
  return db.transaction().execute(async (tx) => {
    const proposals = n(await tx.deleteFrom("proposals").where("created_at", "<=", cut.proposals).executeTakeFirst());

    const oldAs = tx.selectFrom("as_requests").select("id").where("created_at", "<=", cut.counterInquiries);
    const asPhotos = n(await tx.deleteFrom("as_request_photos").where("as_request_id", "in", oldAs).executeTakeFirst());
    const asRequests = n(await tx.deleteFrom("as_requests").where("created_at", "<=", cut.counterInquiries).executeTakeFirst());
    const purchaseRequests = n(await tx.deleteFrom("purchase_requests").where("created_at", "<=", cut.counterInquiries).executeTakeFirst());

    const oldAnswers = tx.selectFrom("consultation_answers").select("id").where("created_at", "<=", cut.consultations);
    await tx.deleteFrom("consultation_answer_items").where("answer_id", "in", oldAnswers).execute();
    await tx.deleteFrom("consent_records").where("answer_id", "in", oldAnswers).execute();
    const consultations = n(await tx.deleteFrom("consultation_answers").where("created_at", "<=", cut.consultations).executeTakeFirst());

    // Housekeeping of the console itself.
    const at = now.toISOString();
    const expiredSessions = n(
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
        await tx
          .deleteFrom("admin_login_throttle")
          .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
          .where("updated_at", "<=", forgetBefore)
          .executeTakeFirst(),
      ) +
      n(
        await tx
          .deleteFrom("admin_login_accounts")
          .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", at)]))
          .where("updated_at", "<=", forgetBefore)
          .executeTakeFirst(),
      );

    // Alert delivery rows (issue 12) are kept 30 days.
    const alertDeliveries = n(
      await tx
        .deleteFrom("alert_deliveries")
        .where("created_at", "<=", new Date(now.getTime() - DELIVERY_RETENTION_MS).toISOString())
        .executeTakeFirst(),
    );

    return { proposals, asRequests, asPhotos, purchaseRequests, consultations, expiredSessions, staleSignInCounters, alertDeliveries };
  });
}

/** Runs once and logs the counts (never what was deleted). */
export async function runRetentionLogged(db: Kysely<Database>, log: Logger, now = new Date()): Promise<RetentionCounts | null> {
  try {
    const counts = await runRetention(db, now);
    log.info("retention.run", { ...counts });
    return counts;
  } catch (error) {
    log.error("retention.failed", {}, error);
    return null;
  }
}

const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The daily job inside the server process: first run a minute after start
 * (not in the way of start-up), then every 24 hours. The timers are unref'd:
 * they never keep the process alive. Answers a stop function.
 */
export function startRetentionJob(
  db: Kysely<Database>,
  log: Logger,
  options: { firstRunMs?: number; intervalMs?: number } = {},
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    await runRetentionLogged(db, log);
    running = false;
  };
  const first = setTimeout(run, options.firstRunMs ?? 60_000);
  const every = setInterval(run, options.intervalMs ?? RETENTION_INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
