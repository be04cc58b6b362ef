import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { connect, migrate, type DatabaseHandle, type Dialect } from "#db/connect.ts";

/**
 * The dialects the integration tests run on: SQLite always; PostgreSQL when
 * TEST_POSTGRES_URL points at a server (CI starts one, see .ci/run).
 */
export const DIALECTS: Dialect[] = process.env.TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];

if (!process.env.TEST_POSTGRES_URL && !process.env.QUIET_DIALECT_NOTICE) {
  process.env.QUIET_DIALECT_NOTICE = "1";
  console.warn("TEST_POSTGRES_URL is not set: integration tests run on SQLite only (CI runs both).");
}

export interface TestDatabase extends DatabaseHandle {
  /** Its DATABASE_URL, for another process. */
  url: string;
  cleanup(): Promise<void>;
}

/**
 * A new, migrated, empty database: a temp SQLite file or a throwaway PostgreSQL schema.
 * `migrate: false` leaves it without tables; `timeZone` is the PostgreSQL session's.
 */
export async function freshDatabase(dialect: Dialect, options: { migrate?: boolean; timeZone?: string } = {}): Promise<TestDatabase> {
  const id = randomBytes(6).toString("hex");
  const migrated = options.migrate ?? true;
  if (dialect === "sqlite") {
    const file = join(tmpdir(), `loan-test-${id}.db`);
    const handle = connect(`file:${file}`);
    if (migrated) await migrate(handle.db);
    return {
      ...handle,
      url: `file:${file}`,
      async cleanup() {
        await handle.close();
        for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
      },
    };
  }
  const base = process.env.TEST_POSTGRES_URL!;
  const schema = `t_${id}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}${options.timeZone ? ` -c TimeZone=${options.timeZone}` : ""}`);
  const handle = connect(url.toString());
  if (migrated) await migrate(handle.db);
  return {
    ...handle,
    url: url.toString(),
    async cleanup() {
      await handle.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}
