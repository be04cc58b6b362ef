import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { createOperator } from "#tests/support/admin.ts";
import { runScript } from "#tests/support/run-script.ts";
import { ACCESS_EXPORT_MAX_AGE_MS, goLiveFindings, privacyFindings } from "#app/features/go-live/checks.server.ts";
import { lastAccessExport } from "#app/features/access/export.server.ts";

/**
 * The go-live check asks for what the access records need (issue 52 item 2;
 * 고시 제8조②③): an operator with the privacy officer's role, and the daily
 * export running. `npm run access:export` records each run; a run older than
 * two days (a timer switched off) is a finding again.
 */
// `node scripts/access-export.ts` takes seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe.each(DIALECTS)("the go-live check's access-record lines on %s", (dialect) => {
  let handle: TestDatabase;
  const dir = mkdtempSync(join(tmpdir(), "golive-access-"));
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  }, 30_000);
  afterAll(async () => {
    await handle.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("on a fresh install: no privacy officer and no export, each with where it is fixed", async () => {
    expect(await privacyFindings(handle.db)).toEqual([
      { area: "privacy", what: "golive.officer", fix: "/admin/operators" },
      { area: "privacy", what: "golive.accessExport", fix: expect.stringMatching(/^docs\/deploy\.md#the-privacy-officer/) },
    ]);
    // The same lines in the whole check.
    expect((await goLiveFindings(handle.db, undefined)).filter((f) => f.area === "privacy").map((f) => f.what)).toEqual([
      "golive.officer",
      "golive.accessExport",
    ]);
  });

  it("an officer who is disabled is no officer; an enabled one clears the line", async () => {
    const id = await createOperator(handle.db, `officer-${dialect}@example.com`, "correct horse battery", "officer");
    await handle.db.updateTable("admin_operators").set({ disabled_at: new Date().toISOString() }).where("id", "=", id).execute();
    expect((await privacyFindings(handle.db)).map((f) => f.what)).toContain("golive.officer");
    await handle.db.updateTable("admin_operators").set({ disabled_at: null }).where("id", "=", id).execute();
    expect((await privacyFindings(handle.db)).map((f) => f.what)).not.toContain("golive.officer");
  });

  it("npm run access:export records its run, which clears the line for two days", async () => {
    const run = await runScript("access-export.ts", [], { ...process.env, DATABASE_URL: handle.url, ACCESS_EXPORT_DIR: dir });
    expect(run.code, run.out).toBe(0);
    const at = await lastAccessExport(handle.db);
    expect(Date.now() - Date.parse(at!)).toBeLessThan(60_000);
    expect(await privacyFindings(handle.db)).toEqual([]);
    // A timer switched off: two days on, the line is back.
    const later = new Date(Date.parse(at!) + ACCESS_EXPORT_MAX_AGE_MS + 60_000);
    expect((await privacyFindings(handle.db, later)).map((f) => f.what)).toEqual(["golive.accessExport"]);
  });
});
