import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#db/connect.ts";
import { freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { holderGone, holdServingLease, SERVING_LEASE, watchSqliteServing } from "#app/lib/serving-lease.server.ts";

/**
 * SQLite serves from one process (issue 15, ADR 0025): a second server on
 * the same file says so at start. Each "server" here is a watcher on its own
 * connection to the file, as server/main.ts makes one; the clock is injected.
 */
describe("a second server on one SQLite file", () => {
  let handle: TestDatabase;
  const connections: DatabaseHandle[] = [];
  let t = Date.UTC(2027, 0, 4, 9, 0, 0);
  const now = () => new Date(t);
  const server = (instance: string, gone: (holder: string) => boolean = () => false) => {
    const lines: string[] = [];
    const database = connect(handle.url);
    connections.push(database);
    const watcher = watchSqliteServing(database.db, createLogger({ write: (l) => lines.push(l) }), {
      instance,
      now,
      gone,
      intervalMs: 60_000,
    });
    const warnings = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === "sqlite.second_server");
    return { watcher, warnings };
  };

  beforeAll(async () => {
    handle = await freshDatabase("sqlite");
  });
  afterAll(async () => {
    for (const c of connections) await c.close();
    await handle.cleanup();
  });

  it("warns on the server that starts second, naming the first, and only once", async () => {
    const first = server("host-a:100");
    await first.watcher.check();
    const second = server("host-a:200");
    await second.watcher.check();
    expect(first.warnings()).toEqual([]);
    expect(second.warnings()).toHaveLength(1);
    expect(second.warnings()[0]).toMatchObject({ level: "warn", instance: "host-a:200", other_instance: "host-a:100" });
    expect(String(second.warnings()[0]!.message)).toMatch(/SQLite serves from one process.*PostgreSQL \(DATABASE_URL/);
    // The first keeps renewing its lease; the second does not repeat itself.
    t += 5_000;
    await first.watcher.check();
    await second.watcher.check();
    expect(first.warnings()).toEqual([]);
    expect(second.warnings()).toHaveLength(1);
    await second.watcher.stop();
    await first.watcher.stop();
  });

  it("starts without a warning after the other server stopped cleanly", async () => {
    const first = server("host-a:300");
    await first.watcher.check();
    await first.watcher.stop();
    const next = server("host-a:400");
    await next.watcher.check();
    expect(next.warnings()).toEqual([]);
    await next.watcher.stop();
  });

  it("starts without a warning once the other's lease ran out, or when its process is gone", async () => {
    const crashed = await holdServingLease(handle.db, "host-a:500", { now: now() });
    expect(crashed).toEqual({ taken: true });
    // A process of this host that no longer runs: its fresh lease is taken over.
    const restarted = server("host-a:501", (holder) => holder === "host-a:500");
    await restarted.watcher.check();
    expect(restarted.warnings()).toEqual([]);
    // It stops renewing without giving the lease back (killed): after 15 s anyone may take it.
    t += 15_000;
    const later = server("host-a:700");
    await later.watcher.check();
    expect(later.warnings()).toEqual([]);
    const row = await handle.db.selectFrom("job_leases").select("holder").where("name", "=", SERVING_LEASE).executeTakeFirst();
    expect(row?.holder).toBe("host-a:700");
    await restarted.watcher.stop();
    await later.watcher.stop();
  });

  it("knows a process of this host that is gone from one that runs or is elsewhere", () => {
    expect(holderGone(`${hostname()}:${process.ppid}`)).toBe(false);
    expect(holderGone(`${hostname()}:${process.pid}`)).toBe(false);
    expect(holderGone(`${hostname()}:99999999`)).toBe(true);
    expect(holderGone("another-host:99999999")).toBe(false);
    expect(holderGone("junk")).toBe(false);
  });
});
