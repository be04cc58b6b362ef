import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { connect, migrate } from "#db/connect.ts";
import { seedYearOfRequests } from "#tests/support/report-seed.ts";
import { buildReport } from "#app/features/reports/reports.server.ts";
import { SPLITS } from "#app/features/reports/figures.ts";

/**
 * The reports page's figures on a year of requests (issue 26, item 4): a
 * fresh database per dialect (SQLite always; PostgreSQL when
 * BENCH_POSTGRES_URL or TEST_POSTGRES_URL names a server, in a throwaway
 * schema) with 20,000 consultations and their history, then the year's
 * report for each split, timed in this process (the page's loader runs the
 * same function). Answers the slowest split per dialect, in ms.
 *
 *   node bench/reports.ts     prints the timings
 */
export const REPORT_REQUESTS = 20_000;
const END = new Date("2026-11-30T15:00:00.000Z");
const YEAR = { from: "2025-12-01", to: "2026-11-30" };
/** Runs of each split; the median is reported. */
const RUNS = 3;

async function timeReports(url: string): Promise<number> {
  const handle = connect(url);
  try {
    await migrate(handle.db);
    await seedYearOfRequests(handle.db, REPORT_REQUESTS, END);
    await buildReport(handle.db, YEAR, "all");
    let slowest = 0;
    for (const split of SPLITS) {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await buildReport(handle.db, YEAR, split);
        runs.push(performance.now() - started);
      }
      slowest = Math.max(slowest, runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!);
    }
    return slowest;
  } finally {
    await handle.close();
  }
}

async function onSqlite(): Promise<number> {
  const file = join(tmpdir(), `bench-reports-${randomBytes(4).toString("hex")}.db`);
  try {
    return await timeReports(`file:${file}`);
  } finally {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  }
}

async function onPostgres(base: string): Promise<number> {
  const schema = `bench_reports_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const url = new URL(base);
    url.searchParams.set("options", `-c search_path=${schema}`);
    return await timeReports(url.toString());
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/** The slowest split's median time per dialect measured. */
export async function benchReports(): Promise<{ dialect: string; ms: number }[]> {
  const results = [{ dialect: "sqlite", ms: await onSqlite() }];
  const pgUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
  if (pgUrl) results.push({ dialect: "postgres", ms: await onPostgres(pgUrl) });
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchReports()) console.log(`reports, a year of ${REPORT_REQUESTS} requests, ${r.dialect}: ${r.ms.toFixed(0)} ms`);
}
