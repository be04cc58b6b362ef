import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Dialect as KyselyDialect,
  type Driver,
} from "kysely";
import pg from "pg";
import type { Database } from "#db/schema.ts";
import { migrations } from "#db/migrations/index.ts";
import { appTypes } from "#db/pg-types.ts";
import { seed } from "#db/seed.ts";
import { openSqlite } from "#db/sqlite-driver.ts";
import { guardDialect, type DependencyWatch } from "#db/dependency.ts";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const DEFAULT_DATABASE_URL = "file:./data/app.db";

/**
 * SQLite transactions that take the write lock when they begin
 * (`BEGIN IMMEDIATE`), waiting up to the busy timeout for another process
 * (`npm run retention`, `npm run admin:*`) to finish. Kysely's default
 * `BEGIN` is deferred: a transaction that reads first and then writes while
 * another process writes fails at once with SQLITE_BUSY, whatever the
 * timeout, and the request answered 500.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    return driver;
  }
}

/** How long a query waits for the database (a pooled PostgreSQL connection, SQLite's write lock) before it counts as away (DATABASE_WAIT_MS). */
export const DATABASE_WAIT_MS = 5_000;

/**
 * `file:PATH` (or empty) → SQLite through node:sqlite; `postgres://…` →
 * PostgreSQL with a pool of `poolMax` (DATABASE_POOL_MAX, read by
 * server/config.ts), each waiting at most `waitMs` for the database
 * (DATABASE_WAIT_MS). One query code for both. With `watch`, every failure
 * that says the database is away is reported to it and replaced by what it
 * answers (db/dependency.ts).
 */
export function connect(
  url: string = DEFAULT_DATABASE_URL,
  options: { poolMax?: number; watch?: DependencyWatch; waitMs?: number } = {},
): DatabaseHandle {
  const guarded = (dialect: KyselyDialect) => (options.watch ? guardDialect(dialect, options.watch) : dialect);
  if (/^postgres(ql)?:\/\//.test(url)) {
    // timestamptz → ISO string, boolean → 1/0: what SQLite answers (db/pg-types.ts, ADR 0024).
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolMax ?? 10,
      types: appTypes,
      connectionTimeoutMillis: options.waitMs ?? DATABASE_WAIT_MS,
    });
    // A client that errors (the server restarted) must not crash the process: an idle one
    // reports to the pool, a checked-out one to itself (its query fails, the pool drops it).
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<Database>({ dialect: guarded(new PostgresDialect({ pool })) });
    return handle(db, "postgres");
  }
  if (!url.startsWith("file:")) throw new Error("DATABASE_URL must start with file: or postgres://");
  const path = url.slice("file:".length);
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Kysely<Database>({
    dialect: guarded(
      new ImmediateSqliteDialect({
        database: openSqlite(path, options.waitMs ?? DATABASE_WAIT_MS).database,
      }),
    ),
  });
  return handle(db, "sqlite");
}

function handle(db: Kysely<Database>, dialect: Dialect): DatabaseHandle {
  return {
    db,
    dialect,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/**
 * On PostgreSQL, Kysely looks for its migration tables in every schema it can
 * see unless told which one: a `kysely_migration` table in another schema
 * (another app, a parallel test) would make it skip creating its own. Pin it
 * to the connection's current schema (`public` by default: the same table).
 */
async function migrationSchema(db: Kysely<Database>): Promise<{ migrationTableSchema?: string }> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return {};
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ? { migrationTableSchema: rows[0].schema } : {};
}

/**
 * Whether the database has every migration this code knows (the newest
 * applied is the newest here): `/readyz` answers 503 until it has. Kysely's
 * Migrator takes a lock while it migrates (an advisory lock on PostgreSQL),
 * so an instance that starts while another migrates waits, then finds
 * nothing left to do.
 */
export async function migrationsCurrent(db: Kysely<Database>): Promise<boolean> {
  const latest = Object.keys(migrations).sort().at(-1);
  try {
    const { rows } = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db);
    return rows[0]?.name === latest;
  } catch {
    return false;
  }
}

/** The migrator of db/migrations, its tables in the connection's schema (tests migrate to a given version with it). */
export async function migrator(db: Kysely<Database>): Promise<Migrator> {
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(await migrationSchema(db)) });
}

/**
 * Brings the schema up to date, then, on a database this run created (its
 * first migration applied now), adds the sample data a fresh install shows.
 * Only then: an operator who deleted every sample blog link must not get
 * them back from the next restart or command that migrates (the go-live walk
 * found them back after `npm run access:export`).
 */
export async function migrate(db: Kysely<Database>): Promise<void> {
  const { error, results } = await (await migrator(db)).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
  const first = Object.keys(migrations).sort()[0];
  if (results?.some((r) => r.migrationName === first && r.status === "Success")) await seed(db);
}
