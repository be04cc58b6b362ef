import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { seedYearOfRequests } from "#tests/support/report-seed.ts";
import { buildReport } from "#app/features/reports/reports.server.ts";
import { SPLITS } from "#app/features/reports/figures.ts";

/**
 * The reports on a year of requests (issue 26, item 4): 20,000 consultations
 * with their history, and every split of a year's report answers in under a
 * second on each dialect (the page asks for one split at a time).
 */
const REQUESTS = 20_000;
const END = new Date("2026-11-30T15:00:00.000Z");
const YEAR = { from: "2025-12-01", to: "2026-11-30" };

describe.each(DIALECTS)("a year of requests on %s", (dialect) => {
  let handle: TestDatabase;

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await seedYearOfRequests(handle.db, REQUESTS, END);
  }, 120_000);
  afterAll(async () => handle.cleanup());

  it("builds the year's report, for each split, in under a second", async () => {
    await buildReport(handle.db, YEAR, "all"); // the first query warms the connection and the statement cache
    for (const split of SPLITS) {
      const started = performance.now();
      const report = await buildReport(handle.db, YEAR, split);
      const ms = performance.now() - started;
      expect(report.segments[0]!.requests, split).toBe(REQUESTS);
      expect(ms, `${split}: ${ms.toFixed(0)} ms`).toBeLessThan(1000);
    }
  }, 60_000);
});
