import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#db/connect.ts";
import { isDependencyAway, reasonAway, type DependencyWatch } from "#db/dependency.ts";

/**
 * "The database is away" is decided in db/dependency.ts alone (issue 39):
 * each dialect's real failures, produced here for real, are classified as
 * away; the failures of a query itself are not.
 */

/** A watch that records what it was told and throws a marker in the failure's place. */
function recordingWatch() {
  const told: string[] = [];
  const watch: DependencyWatch = {
    begin: () => 0,
    away(cause, reason, access) {
      told.push(`away ${reason}${access === "write" ? " (write)" : ""}`);
      return Object.assign(new Error("away"), { away: true, cause });
    },
    ok(access) {
      if (told.at(-1)?.startsWith("away")) told.push(`ok${access === "write" ? " (write)" : ""}`);
    },
  };
  return { told, watch };
}

const opened: DatabaseHandle[] = [];
const files: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((h) => h.close().catch(() => {})));
  for (const file of files.splice(0)) for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}

async function rejected(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("did not reject");
    },
    (error: unknown) => error,
  );
}

describe("SQLite", () => {
  function tempFile() {
    const file = join(tmpdir(), `dep-${randomBytes(5).toString("hex")}.db`);
    files.push(file);
    return file;
  }

  it("busy: another connection holds the write lock past the busy timeout", () => {
    const file = tempFile();
    const holder = new DatabaseSync(file);
    holder.exec("PRAGMA journal_mode = WAL; create table t (x)");
    const other = new DatabaseSync(file);
    other.exec("PRAGMA busy_timeout = 0");
    holder.exec("begin immediate");
    const error = caught(() => other.exec("insert into t values (1)"));
    holder.exec("rollback");
    expect(reasonAway(error)).toBe("sqlite_busy");
  });

  it("locked: a table in use by the same connection", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("create table t (x); insert into t values (1), (2)");
    const rows = db.prepare("select x from t").iterate();
    rows.next();
    expect(reasonAway(caught(() => db.exec("drop table t")))).toBe("sqlite_locked");
  });

  it("a query's own failures are not the database away", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("create table t (x unique)");
    db.exec("insert into t values (1)");
    expect(isDependencyAway(caught(() => db.exec("insert into t values (1)")))).toBe(false);
    expect(isDependencyAway(caught(() => db.exec("select from nowhere")))).toBe(false);
  });

  it("through Kysely: the watch hears 'away' once per failure, then 'ok', and its error is what the query throws", async () => {
    const file = tempFile();
    const { told, watch } = recordingWatch();
    const handle = connect(`file:${file}`, { watch });
    opened.push(handle);
    await sql`create table t (x)`.execute(handle.db);
    await sql`pragma busy_timeout = 0`.execute(handle.db);
    const holder = new DatabaseSync(file);
    holder.exec("begin immediate");
    const error = await rejected(sql`insert into t values (1)`.execute(handle.db));
    const inTransaction = await rejected(handle.db.transaction().execute(() => Promise.resolve()));
    holder.exec("rollback");
    holder.close();
    expect(error).toMatchObject({ away: true });
    expect(inTransaction).toMatchObject({ away: true });
    await sql`insert into t values (1)`.execute(handle.db);
    expect(told).toEqual(["away sqlite_busy (write)", "away sqlite_busy (write)", "ok (write)"]);
  });

  it("through Kysely: a failure of another kind passes unchanged and tells the watch nothing", async () => {
    const { told, watch } = recordingWatch();
    const handle = connect(`file:${tempFile()}`, { watch });
    opened.push(handle);
    const error = await rejected(sql`select * from nowhere`.execute(handle.db));
    expect(error).not.toMatchObject({ away: true });
    expect(String(error)).toMatch(/no such table/);
    expect(told).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_POSTGRES_URL)("PostgreSQL", () => {
  const url = process.env.TEST_POSTGRES_URL!;

  it("connection refused: nothing listens where the server should be", async () => {
    const { told, watch } = recordingWatch();
    const handle = connect("postgres://postgres@127.0.0.1:1/postgres", { watch });
    opened.push(handle);
    const error = await rejected(sql`select 1`.execute(handle.db));
    expect(error).toMatchObject({ away: true });
    expect(told).toEqual(["away ECONNREFUSED"]);
  });

  it("terminated: the server ends the session under a running query (a restart, an administrator)", async () => {
    const { told, watch } = recordingWatch();
    const handle = connect(url, { watch, poolMax: 1 });
    opened.push(handle);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    const running = rejected(sql`select pg_sleep(10)`.execute(handle.db));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Wait until the query runs, then end its session.
      for (let i = 0; i < 200; i++) {
        const { rows: active } = await admin.query("select 1 from pg_stat_activity where pid = $1 and query like '%pg_sleep%'", [
          rows[0]!.pid,
        ]);
        if (active.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    } finally {
      await admin.end();
    }
    expect(await running).toMatchObject({ away: true });
    expect(told[0]).toMatch(/^away (pg_57P01|pg_terminated|ECONNRESET)$/);
    // The pool drops the ended connection (a query may meet it first, and fail the same way): then one succeeds and says so.
    for (let attempt = 0; attempt < 3 && told.at(-1) !== "ok"; attempt++) await sql`select 1`.execute(handle.db).catch(() => {});
    expect(told.at(-1)).toBe("ok");
    expect(told.filter((t) => t === "ok")).toHaveLength(1);
  });

  it("pool timeout: every connection is taken and none comes free in time", async () => {
    const { told, watch } = recordingWatch();
    const handle = connect(url, { watch, poolMax: 1, waitMs: 50 });
    opened.push(handle);
    let release!: () => void;
    const held = handle.db.transaction().execute(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const error = await rejected(sql`select 1`.execute(handle.db));
    release();
    await held;
    expect(error).toMatchObject({ away: true });
    expect(told[0]).toBe("away pg_pool_timeout");
  });

  it("a query's own failures are not the database away", async () => {
    const { told, watch } = recordingWatch();
    const handle = connect(url, { watch });
    opened.push(handle);
    const error = await rejected(sql`select * from nowhere_at_all`.execute(handle.db));
    expect(isDependencyAway(error)).toBe(false);
    expect(error).toMatchObject({ code: "42P01" });
    expect(told).toEqual([]);
  });
});

describe("the classification of what arrives wrapped", () => {
  it("looks into `cause` and an AggregateError's errors", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(reasonAway(new AggregateError([new Error("x"), refused]))).toBe("ECONNREFUSED");
    expect(reasonAway(new Error("outer", { cause: refused }))).toBe("ECONNREFUSED");
    expect(reasonAway(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe("pg_57P01");
    expect(reasonAway(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBeNull();
    expect(reasonAway("ECONNREFUSED")).toBeNull();
    expect(reasonAway(null)).toBeNull();
  });
});
