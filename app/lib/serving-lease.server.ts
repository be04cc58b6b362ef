import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { INSTANCE, takeLease, type LeaseResult } from "#app/lib/job-lease.server.ts";

/**
 * SQLite serves from one process (ADR 0025): its rate limits and page cache
 * live in that process's memory. A server on SQLite holds a `serving` row of
 * `job_leases` and renews it every few seconds; a server that starts while
 * another holds a fresh one says so in the log (`sqlite.second_server`).
 * Only the server takes the lease: the scripts (backup, retention, admin:*)
 * open the file too, and rightly say nothing.
 */
export const SERVING_LEASE = "serving";
export const SERVING_RENEW_MS = 5_000;
export const SERVING_LEASE_MS = 15_000;

/**
 * Claims the serving lease, or renews it when it is already `holder`'s.
 * `replacing` names a holder known to be gone (a process of this host that
 * no longer runs): its lease is taken over although it has not run out.
 */
export async function holdServingLease(
  db: Kysely<Database>,
  holder: string,
  options: { now?: Date; ms?: number; replacing?: string } = {},
): Promise<LeaseResult> {
  const owners = options.replacing ? [holder, options.replacing] : [holder];
  return takeLease(db, SERVING_LEASE, holder, options.ms ?? SERVING_LEASE_MS, options.now, owners);
}

/** Gives the lease back (a clean stop): the next server starts without a warning. */
export async function releaseServingLease(db: Kysely<Database>, holder: string): Promise<void> {
  await db
    .updateTable("job_leases")
    .set({ until: new Date(0).toISOString() })
    .where("name", "=", SERVING_LEASE)
    .where("holder", "=", holder)
    .execute();
}

/** True when `holder` (host:pid) is a process of this host that no longer runs: its lease outlived a crash. */
export function holderGone(holder: string, host = hostname()): boolean {
  const at = holder.lastIndexOf(":");
  const pid = Number(holder.slice(at + 1));
  if (at < 0 || holder.slice(0, at) !== host || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Holds the serving lease while this server runs: checks at once, then every
 * `intervalMs`; warns once for each other server it finds holding it.
 */
export function watchSqliteServing(
  db: Kysely<Database>,
  log: Logger,
  options: { instance?: string; intervalMs?: number; leaseMs?: number; now?: () => Date; gone?: (holder: string) => boolean } = {},
): { check(): Promise<void>; stop(): Promise<void> } {
  const instance = options.instance ?? INSTANCE;
  const gone = options.gone ?? holderGone;
  let warned = "";
  let running: Promise<void> | null = null;
  const check = () =>
    (running ??= (async () => {
      try {
        const now = options.now?.() ?? new Date();
        let result = await holdServingLease(db, instance, { now, ms: options.leaseMs });
        if (!result.taken && result.holder && gone(result.holder)) {
          result = await holdServingLease(db, instance, { now, ms: options.leaseMs, replacing: result.holder });
        }
        if (result.taken) {
          warned = "";
        } else if (result.holder !== warned) {
          warned = result.holder;
          log.warn("sqlite.second_server", {
            instance,
            other_instance: result.holder,
            message:
              "Another server process is serving from this SQLite file. SQLite serves from one process: each would keep its own rate limits and page cache. Stop one, or run several instances on PostgreSQL (DATABASE_URL=postgres://…)",
          });
        }
      } catch (error) {
        log.warn("sqlite.serving_check_failed", { error: error instanceof Error ? error.message.slice(0, 200) : String(error) });
      } finally {
        running = null;
      }
    })());
  void check();
  const timer = setInterval(() => void check(), options.intervalMs ?? SERVING_RENEW_MS);
  timer.unref();
  return {
    check,
    async stop() {
      clearInterval(timer);
      await running;
      await releaseServingLease(db, instance).catch(() => {});
    },
  };
}
