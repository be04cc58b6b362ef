import type { DependencyWatch } from "#db/dependency.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { DependencyUnavailable } from "#app/web/refusals.ts";

/**
 * The database's outages, told once each (issue 39): `dependency.away` when
 * the first query fails because it is away, `dependency.back` with the
 * outage's length and the number of failed queries when one succeeds again.
 * Between the two, each failure becomes a DependencyUnavailable (503 with
 * Retry-After) and writes nothing: a thousand requests in an outage are two
 * lines, not a thousand stacks.
 */
export function createDependencyWatch(
  log: Logger,
  options: { now?: () => number; dependency?: string } = {},
): DependencyWatch & {
  /** Since when the dependency has been away (epoch ms), or null. */
  awaySince(): number | null;
} {
  const now = options.now ?? Date.now;
  const dependency = options.dependency ?? "database";
  let since: number | null = null;
  let failures = 0;
  // Only writes failed (SQLite's write lock, reads go on): a read that succeeds does not end the outage.
  let writesOnly = true;
  return {
    away(cause, reason, access) {
      failures++;
      if (access === "read") writesOnly = false;
      if (since === null) {
        since = now();
        log.warn("dependency.away", { dependency, reason });
      }
      return new DependencyUnavailable(cause);
    },
    ok(access) {
      if (since === null || (writesOnly && access === "read")) return;
      writesOnly = true;
      log.info("dependency.back", { dependency, outageMs: now() - since, failures });
      since = null;
      failures = 0;
    },
    awaySince: () => since,
  };
}
