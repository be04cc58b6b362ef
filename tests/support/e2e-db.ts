import { DatabaseSync } from "node:sqlite";
import { E2E_DB } from "#tests/support/e2e-env.ts";

/** One number read from the browser tests' SQLite file (what the server stored), read-only. */
export function countRows(sql: string, ...params: (string | number)[]): number {
  const db = new DatabaseSync(E2E_DB.replace(/^file:/, ""), { readOnly: true });
  try {
    return Number((db.prepare(sql).get(...params) as { n: number }).n);
  } finally {
    db.close();
  }
}
