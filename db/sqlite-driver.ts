import { DatabaseSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

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

  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = raw.prepare(sql);
      const reader = stmt.columns().length > 0;
      type Param = null | number | bigint | string | NodeJS.ArrayBufferView;
      const bind = (params: ReadonlyArray<unknown>) => params.map(toSqlite) as Param[];
      return {
        reader,
        all: (params) => stmt.all(...bind(params)),
        run: (params) => {
          const r = stmt.run(...bind(params));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (params) => stmt.iterate(...bind(params)) as IterableIterator<unknown>,
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
