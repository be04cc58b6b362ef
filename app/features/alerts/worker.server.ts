import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import type { SendResult } from "#app/features/alerts/channels/result.ts";
import { claimDue, markCancelled, markDelivered, markFailed, type Delivery } from "#app/features/alerts/outbox.server.ts";
import { CLAIM_BATCH, CLAIM_LEASE_MS, POLL_MS } from "#app/features/alerts/policy.ts";

/**
 * The delivery worker inside the server: woken at once when rows are written
 * (and every POLL_MS as a safety net: retries, rows of other instances), it
 * claims due rows, delivers them in parallel and records each outcome.
 * Nothing lives only in memory: a restart finds the rows where they were.
 */
export interface AlertWorker {
  wake(): void;
  /** Runs rounds until nothing is due (tests, scripts). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  db: Kysely<Database>;
  deliver: (row: Delivery) => Promise<SendResult>;
  log: Logger;
  pollMs?: number;
  batch?: number;
  leaseMs?: number;
  now?: () => Date;
}

export function startAlertWorker(options: WorkerOptions): AlertWorker {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? POLL_MS;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function attempt(row: Delivery): Promise<SendResult> {
    try {
      return await options.deliver(row);
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message.slice(0, 200) : "error" };
    }
  }

  /** One batch; answers whether anything was claimed. */
  async function round(): Promise<boolean> {
    const token = randomUUID();
    const rows = await claimDue(db, { token, limit: options.batch ?? CLAIM_BATCH, leaseMs: options.leaseMs ?? CLAIM_LEASE_MS, now: now() });
    if (!rows.length) return false;
    const results = await Promise.all(rows.map(attempt));
    const delivered: number[] = [];
    for (const [i, row] of rows.entries()) {
      const result = results[i]!;
      if (result.ok) {
        delivered.push(row.id);
      } else if (result.gone) {
        await markCancelled(db, row, result.reason, now());
        log.info("alert.cancelled", { channel: row.channel, delivery: row.id, reason: result.reason });
      } else {
        const state = await markFailed(db, row, result.reason, now());
        log.warn("alert.attempt_failed", { channel: row.channel, delivery: row.id, attempts: row.attempts, state, reason: result.reason });
      }
    }
    await markDelivered(db, delivered, token, now());
    return true;
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, pollMs);
    timer.unref();
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await round()));
        } while (again && !stopped);
      } catch (error) {
        log.error("alert.worker_failed", {}, error);
      } finally {
        running = null;
        schedule();
      }
    })();
    return running;
  }

  schedule();
  return {
    wake: () => void run(),
    async drain() {
      await run();
      // A wake that arrived during the last round ran inside it; one more pass settles late rows.
      await run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
