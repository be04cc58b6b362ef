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
 *
 * Queries overlap, so their outcomes arrive out of order at both edges of an
 * outage: a query sent before PostgreSQL shut down may be answered after
 * another one's connection was already ended, and a connection attempt made
 * while it was starting may be refused after another query succeeded. An
 * outcome counts only if its attempt began since the watch last changed its
 * mind (`turn`, bumped at "away" and at "back"); an older one is answered as
 * it is (a failure is still a 503) but neither ends nor opens an outage. A
 * restart under load is then one "away" and one "back", not three of each
 * (tests/cluster/outage.test.ts).
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
  let turn = 0;
  // Only writes failed (SQLite's write lock, reads go on): a read that succeeds does not end the outage.
  let writesOnly = true;
  return {
    begin: () => turn,
    away(cause, reason, access, begun) {
      if (since === null) {
        // Begun before the dependency came back: an old attempt's failure, not a new outage.
        if (begun !== turn) return new DependencyUnavailable(cause);
        since = now();
        turn++;
        log.warn("dependency.away", { dependency, reason });
      }
      failures++;
      if (access === "read") writesOnly = false;
      return new DependencyUnavailable(cause);
    },
    ok(access, begun) {
      // Begun before the outage was seen: answered by the database as it was then.
      if (since === null || begun !== turn || (writesOnly && access === "read")) return;
      writesOnly = true;
      log.info("dependency.back", { dependency, outageMs: now() - since, failures });
      since = null;
      failures = 0;
      turn++;
    },
    awaySince: () => since,
  };
}
