/**
 * Fixed-window, per-key request counter kept in memory. One instance per
 * process: behind several instances each enforces its own share, which is
 * enough to stop a script hammering a form without a shared store.
 */
interface RateLimitOptions {
  /** Requests allowed per window per key. */
  max: number;
  windowMs: number;
  disabled?: boolean;
  now?: () => number;
}

export interface RateLimiter {
  /** Counts one hit; answers the seconds to wait when over the limit, else 0. */
  hit(bucket: string, key: string): number;
  reset(): void;
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    hit(bucket, key) {
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
      if (current.count <= options.max) return 0;
      return Math.max(1, Math.ceil((current.start + options.windowMs - t) / 1000));
    },
    reset: () => windows.clear(),
  };
}
