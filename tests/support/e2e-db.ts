import { createHash } from "node:crypto";
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

/**
 * Moves a consultation to a pipeline stage directly in the browser tests' SQLite file, as the
 * console's pipeline would (issue 37: the status page at each stage without clicking through the
 * console each time). `statusPath` is the request's private status link.
 */
export function setConsultationStage(statusPath: string, stage: string, lender: string | null = null): void {
  const token = /\/status\/([\w-]{43})/.exec(statusPath)?.[1];
  if (!token) throw new Error(`not a status link: ${statusPath}`);
  const hash = createHash("sha256").update(token).digest("hex");
  const db = new DatabaseSync(E2E_DB.replace(/^file:/, ""));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const link = db
      .prepare("SELECT request_id FROM request_status_links WHERE token_hash = ? AND request_kind = 'consultation'")
      .get(hash) as { request_id: number } | undefined;
    if (!link) throw new Error("no consultation behind this status link");
    db.prepare("UPDATE consultation_answers SET status = ?, lender = ? WHERE id = ?").run(stage, lender, link.request_id);
  } finally {
    db.close();
  }
}
