import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Statements kept per connection. */
const PREPARED_MAX = 500;

/**
 * Adapts Node's built-in `node:sqlite` to the small interface Kysely's
 * SqliteDialect expects (the better-sqlite3 shape). No native addon needed.
 */
export function openSqlite(path: string, busyTimeoutMs = 5000): { database: SqliteDatabase; raw: DatabaseSync } {
  const raw = new DatabaseSync(path, { enableForeignKeyConstraints: true });
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA synchronous = FULL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  // Deleted rows are overwritten with zeros, not left readable in free space (retention, spec §9).
  raw.exec("PRAGMA secure_delete = ON");

  // Kysely prepares every query it runs; SQLite's parse and plan of the same text is kept here
  // (issue 41: 3 % of a status page's CPU). Bounded: generated SQL (an IN list's length) varies.
  const prepared = new Map<string, { stmt: StatementSync; reader: boolean }>();
  const statement = (sql: string) => {
    let kept = prepared.get(sql);
    if (!kept) {
      const stmt = raw.prepare(sql);
      if (prepared.size >= PREPARED_MAX) prepared.clear();
      // `pragma incremental_vacuum` has no columns but frees one page per step: stepped to the end (all()), it frees them all.
      prepared.set(sql, (kept = { stmt, reader: stmt.columns().length > 0 || /^pragma incremental_vacuum/i.test(sql) }));
    }
    return kept;
  };
  const database: SqliteDatabase = {
    close: () => {
      prepared.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const { stmt, reader } = statement(sql);
      type Param = null | number | bigint | string | NodeJS.ArrayBufferView;
      const bind = (params: ReadonlyArray<unknown>) => params.map(toSqlite) as Param[];
      return {
        reader,
        all: (params) => stmt.all(...bind(params)),
        run: (params) => {
          const r = stmt.run(...bind(params));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        // An iterator stays open across awaits: its own statement, never the kept one another query may reset.
        iterate: (params) => raw.prepare(sql).iterate(...bind(params)) as IterableIterator<unknown>,
      };
    },
  };
  return { database, raw };
}

function toSqlite(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}
