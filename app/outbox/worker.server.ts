import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import type { SendResult } from "#app/outbox/result.ts";
import { claimDue, markCancelled, markDelivered, markFailed, type Delivery, type OutboxChannel } from "#app/outbox/queue.server.ts";
import { CLAIM_BATCH, CLAIM_LEASE_MS, POLL_MS } from "#app/outbox/policy.ts";

/**
 * The outbox's one worker per process (ADR 0048): woken at once when rows are
 * written (and every POLL_MS as a safety net: retries, rows of other
 * instances, rows held for the morning), it claims due rows, hands each to the
 * deliverer of its channel, in parallel, and records each outcome. Nothing
 * lives only in memory: a restart finds the rows where they were.
 *
 * The features register their deliverers (alerts: webhook, email, push;
 * visitor news; password-link mail; texts); server/outbox.ts composes them.
 */
export type Deliverer = (row: Delivery) => Promise<SendResult>;
export type Deliverers = Partial<Record<OutboxChannel, Deliverer>>;

export interface OutboxWorker {
  wake(): void;
  /** Runs rounds until nothing is due (tests, scripts). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  db: Kysely<Database>;
  deliver: Deliverer;
  log: Logger;
  pollMs?: number;
  batch?: number;
  leaseMs?: number;
  now?: () => Date;
}

/** One delivery through the deliverer of its channel; a channel nobody registered is cancelled, naming it. */
export function byChannel(deliverers: Deliverers): Deliverer {
  return async (row) => {
    const deliverer = deliverers[row.channel];
    return deliverer ? deliverer(row) : { ok: false, reason: `the ${row.channel} channel is not configured`, gone: true };
  };
}

/** One round: claims up to `batch` due rows, delivers them, records the outcomes; answers how many were claimed and delivered. */
export async function deliverRound(
  options: Omit<WorkerOptions, "pollMs" | "now"> & { now?: Date | (() => Date) },
): Promise<{ claimed: number; delivered: number }> {
  const { db, log } = options;
  const clock = typeof options.now === "function" ? options.now : () => (options.now as Date | undefined) ?? new Date();
  const token = randomUUID();
  const rows = await claimDue(db, { token, limit: options.batch ?? CLAIM_BATCH, leaseMs: options.leaseMs ?? CLAIM_LEASE_MS, now: clock() });
  if (!rows.length) return { claimed: 0, delivered: 0 };
  const results = await Promise.all(rows.map((row) => attempt(options.deliver, row)));
  const delivered: number[] = [];
  for (const [i, row] of rows.entries()) {
    const result = results[i]!;
    if (result.ok) {
      if (result.ref !== undefined || result.costWon !== undefined)
        await markDelivered(db, [row.id], token, clock(), { provider_ref: result.ref ?? null, cost_won: result.costWon ?? null });
      else delivered.push(row.id);
    } else if (result.gone) {
      await markCancelled(db, row, result.reason, clock());
      log.info("alert.cancelled", { channel: row.channel, delivery: row.id, reason: result.reason });
    } else {
      const state = await markFailed(db, row, result.reason, clock(), { retry: !result.final });
      log.warn("alert.attempt_failed", { channel: row.channel, delivery: row.id, attempts: row.attempts, state, reason: result.reason });
    }
  }
  await markDelivered(db, delivered, token, clock());
  return { claimed: rows.length, delivered: results.filter((r) => r.ok).length };
}

/** Rounds until nothing is due at `now`; answers how many rows were delivered (tests, scripts). */
export async function deliverDue(options: Omit<WorkerOptions, "pollMs" | "now"> & { now?: Date }): Promise<number> {
  let delivered = 0;
  for (;;) {
    const round = await deliverRound(options);
    delivered += round.delivered;
    if (!round.claimed) return delivered;
  }
}

async function attempt(deliver: Deliverer, row: Delivery): Promise<SendResult> {
  try {
    return await deliver(row);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message.slice(0, 200) : "error" };
  }
}

export function startOutboxWorker(options: WorkerOptions): OutboxWorker {
  const { log } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? POLL_MS;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

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
          while (!stopped && (await deliverRound({ ...options, now })).claimed);
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
