import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";

/**
 * Fixed-window, per-key request counters (ADR 0025). In memory on SQLite,
 * which serves from one process; in the database on PostgreSQL, so that
 * several instances on one database enforce one limit.
 */
interface RateLimitOptions {
  /** Requests allowed per window per key. */
  max: number;
  windowMs: number;
  disabled?: boolean;
  now?: () => number;
}

export interface RateLimiter {
  /** Counts one hit; answers the seconds to wait when over the limit (`max`, else the limiter's), else 0. */
  hit(bucket: string, key: string, max?: number): Promise<number>;
  /** The seconds to wait if the key is already over `max` in this window, else 0; counts nothing. */
  peek(bucket: string, key: string, max: number): Promise<number>;
}

/** Seconds until the window that started at `start` ends (at least 1). */
function waitSeconds(start: number, windowMs: number, t: number): number {
  return Math.max(1, Math.ceil((start + windowMs - t) / 1000));
}

/** One process's counters: a window starts with a key's first hit. */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    async peek(bucket, key, max) {
      if (options.disabled) return 0;
      const t = now();
      const current = windows.get(`${bucket}\u0000${key}`);
      if (!current || t - current.start >= options.windowMs || current.count <= max) return 0;
      return waitSeconds(current.start, options.windowMs, t);
    },
    async hit(bucket, key, max = options.max) {
      if (options.disabled) return 0;
      const t = now();
      if (t - lastSweep > options.windowMs) {
        for (const [k, w] of windows) if (t - w.start >= options.windowMs) windows.delete(k);
        lastSweep = t;
      }
      const id = `${bucket}\u0000${key}`;
      const current = windows.get(id);
      if (!current || t - current.start >= options.windowMs) {
        windows.set(id, { start: t, count: 1 });
        return 0;
      }
      current.count += 1;
      if (current.count <= max) return 0;
      return waitSeconds(current.start, options.windowMs, t);
    },
  };
}

/** How often an instance deletes the windows that have passed (on its next hit, not awaited by it). */
export const RATE_LIMIT_SWEEP_MS = 60_000;

/**
 * The key as stored: an HMAC under the app's secret, so the table holds no
 * client address (and one cannot be found by hashing every address without
 * the secret). Every instance has the same secret, so the same hash.
 */
export function rateLimitKey(secret: string, key: string): string {
  return createHmac("sha256", secret).update(`rate-limit:${key}`).digest("hex");
}

/**
 * Counters in the `rate_limits` table, shared by every instance on the
 * database. Windows are aligned to the clock (floor(now / window) * window),
 * so every instance counts in the same row; one statement inserts or
 * increments it and answers the count. Rows older than the previous window
 * are deleted at most once every `sweepMs` per instance. When the database
 * fails, the request is let through (fail open) and a warning logged without
 * the key: a limit that cannot be counted must not turn the site into 500s.
 */
export function createDatabaseRateLimiter(
  db: Kysely<Database>,
  options: RateLimitOptions & { secret: string; log: Logger; sweepMs?: number },
): RateLimiter {
  const now = options.now ?? Date.now;
  const sweepMs = options.sweepMs ?? RATE_LIMIT_SWEEP_MS;
  let lastSweep = now();
  let lastWarning = -Infinity;
  const warn = (event: string, error: unknown, fields: Record<string, string>) => {
    // One line a minute at most while the database is down, not one per request.
    const t = now();
    if (t - lastWarning < RATE_LIMIT_SWEEP_MS) return;
    lastWarning = t;
    options.log.warn(event, { ...fields, error: error instanceof Error ? error.message.slice(0, 200) : String(error) });
  };
  const sweep = (start: number) =>
    db
      .deleteFrom("rate_limits")
      .where("window_start", "<", start - options.windowMs)
      .execute()
      .catch((error: unknown) => warn("rate_limit.sweep_failed", error, {}));
  return {
    async peek(bucket, key, max) {
      if (options.disabled) return 0;
      const t = now();
      const start = Math.floor(t / options.windowMs) * options.windowMs;
      try {
        const row = await db
          .selectFrom("rate_limits")
          .select("count")
          .where("bucket", "=", bucket)
          .where("key_hash", "=", rateLimitKey(options.secret, key))
          .where("window_start", "=", start)
          .executeTakeFirst();
        return row && Number(row.count) > max ? waitSeconds(start, options.windowMs, t) : 0;
      } catch (error) {
        warn("rate_limit.failed_open", error, { bucket });
        return 0;
      }
    },
    async hit(bucket, key, max = options.max) {
      if (options.disabled) return 0;
      const t = now();
      const start = Math.floor(t / options.windowMs) * options.windowMs;
      if (t - lastSweep >= sweepMs) {
        lastSweep = t;
        void sweep(start);
      }
      let count: number;
      try {
        const row = await db
          .insertInto("rate_limits")
          .values({ bucket, key_hash: rateLimitKey(options.secret, key), window_start: start, count: 1 })
          .onConflict((oc) =>
            oc.columns(["bucket", "key_hash", "window_start"]).doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })),
          )
          .returning("count")
          .executeTakeFirstOrThrow();
        count = Number(row.count);
      } catch (error) {
        warn("rate_limit.failed_open", error, { bucket });
        return 0;
      }
      return count <= max ? 0 : waitSeconds(start, options.windowMs, t);
    },
  };
}
