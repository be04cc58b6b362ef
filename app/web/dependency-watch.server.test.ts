import { describe, expect, it } from "vitest";
import { createLogger } from "#app/lib/logger.server.ts";
import { createDependencyWatch } from "#app/web/dependency-watch.server.ts";
import { isUnavailable } from "#app/web/refusals.ts";

/**
 * The watch's "away" and "back" (issue 39), on a fixed clock. Attempts
 * overlap: what one begun before the watch last changed its mind says is
 * old news, as PostgreSQL stopped and started under load shows
 * (tests/cluster/outage.test.ts).
 */
function watched() {
  let time = 1_000;
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const watch = createDependencyWatch(log, { now: () => time });
  const told = () => lines.map(({ event, reason, outageMs, failures }) => ({ event, reason, outageMs, failures }));
  return { watch, told, advance: (ms: number) => (time += ms) };
}

const refused = new Error("connect ECONNREFUSED");

describe("createDependencyWatch", () => {
  it("says away once at the first failure and back once, with the outage's length and failures, at the first success", () => {
    const { watch, told, advance } = watched();
    watch.ok("read", watch.begin());
    expect(isUnavailable(watch.away(refused, "ECONNREFUSED", "write", watch.begin()))).toBe(true);
    advance(2_000);
    watch.away(refused, "ECONNREFUSED", "read", watch.begin());
    expect(watch.awaySince()).toBe(1_000);
    advance(1_000);
    watch.ok("read", watch.begin());
    watch.ok("write", watch.begin());
    expect(watch.awaySince()).toBeNull();
    expect(told()).toEqual([
      { event: "dependency.away", reason: "ECONNREFUSED", outageMs: undefined, failures: undefined },
      { event: "dependency.back", reason: undefined, outageMs: 3_000, failures: 2 },
    ]);
  });

  it("a query begun before the outage that succeeds after it was seen (the server was shutting down) does not end it", () => {
    const { watch, told } = watched();
    const before = watch.begin();
    watch.away(new Error("Connection terminated unexpectedly"), "pg_terminated", "read", watch.begin());
    watch.ok("read", before);
    expect(watch.awaySince()).not.toBeNull();
    watch.away(refused, "ECONNREFUSED", "read", watch.begin());
    expect(told().map((line) => line.event)).toEqual(["dependency.away"]);
  });

  it("an attempt begun during the outage that fails after another succeeded (refused while starting) does not open a new one", () => {
    const { watch, told } = watched();
    watch.away(refused, "ECONNREFUSED", "read", watch.begin());
    const starting = watch.begin();
    watch.ok("read", watch.begin());
    // Still a 503 for its own request, but no new outage.
    expect(isUnavailable(watch.away(new Error("starting up"), "pg_57P03", "read", starting))).toBe(true);
    expect(watch.awaySince()).toBeNull();
    expect(told().map((line) => line.event)).toEqual(["dependency.away", "dependency.back"]);
    // A failure begun after the database was back is a new outage.
    watch.away(refused, "ECONNREFUSED", "read", watch.begin());
    expect(watch.awaySince()).not.toBeNull();
  });

  it("when only writes failed (SQLite's write lock), a read does not end the outage, a write does", () => {
    const { watch, told } = watched();
    watch.away(new Error("database is locked"), "sqlite_busy", "write", watch.begin());
    watch.ok("read", watch.begin());
    expect(watch.awaySince()).not.toBeNull();
    watch.ok("write", watch.begin());
    expect(told().map((line) => line.event)).toEqual(["dependency.away", "dependency.back"]);
  });
});
