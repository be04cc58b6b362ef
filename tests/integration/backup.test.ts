import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { utimesSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { connect, migrate, type Dialect } from "#db/connect.ts";
import { backup, manifestPath, pruneBackups, restore, type BackupManifest } from "#db/backup.ts";
import { makeBackupKey } from "#tests/support/backup-key.ts";
import { goLiveFindings } from "#app/features/go-live/checks.server.ts";
import { DIALECTS } from "#tests/support/databases.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";

const run = promisify(execFile);
// Starting `node scripts/…` takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const dir = mkdtempSync(join(tmpdir(), "backup-test-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const cliEnv = (url: string) => ({ ...process.env, DATABASE_URL: url });

/** A whole empty database (not a schema: a dump restores into a database), and its URL. */
async function emptyDatabase(dialect: Dialect): Promise<string> {
  const id = randomBytes(5).toString("hex");
  if (dialect === "sqlite") return `file:${join(dir, `db-${id}.sqlite`)}`;
  const base = process.env.TEST_POSTGRES_URL!;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database bk_${id}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists bk_${id} with (force)`);
    await c.end();
  });
  const url = new URL(base);
  url.pathname = `/bk_${id}`;
  return url.toString();
}

/** A migrated database with `n` consultations in it, open for more. */
async function databaseWithRequests(dialect: Dialect, n: number) {
  const url = await emptyDatabase(dialect);
  const handle = connect(url);
  await migrate(handle.db);
  cleanups.push(() => handle.close());
  const context = testContext(testServices(handle.db, { limiter: createRateLimiter({ max: 1_000_000, windowMs: 60_000 }) }), "en");
  let sent = 0;
  const submit = async () => {
    const id = `bk-${dialect}-${sent++}-${randomBytes(4).toString("hex")}`;
    const res = await callAction(answerCreate, jsonRequest("/svc/answer/create", sampleConsultation({ submissionId: id })), context);
    expect(res.status).toBe(200);
  };
  for (let i = 0; i < n; i++) await submit();
  return { url, handle, submit };
}

describe.each(DIALECTS)("npm run backup / restore on %s", (dialect) => {
  it("round-trips: every table's rows and the migrations come back, and the restore says so", async () => {
    const source = await databaseWithRequests(dialect, 5);
    const file = join(dir, `round-${dialect}.backup`);
    const manifest = await backup(source.url, file);
    expect(manifest.rows.consultation_answers).toBe(5);
    expect(manifest.rows.consultation_answer_items).toBe(30);
    expect(manifest.migration).toMatch(/^\d{4}_/);
    expect(JSON.parse(readFileSync(manifestPath(file), "utf8"))).toEqual(manifest);

    const target = await emptyDatabase(dialect);
    const restored = await restore(file, target);
    expect(restored.rows).toEqual(manifest.rows);
    const check = connect(target);
    const names = (await check.db.selectFrom("consultation_answer_items").select("answer_content").execute()).map((r) => r.answer_content);
    // Times and flags come back as the app wrote them (timestamptz and boolean on PostgreSQL, ADR 0024).
    const times = (db: typeof check.db) => db.selectFrom("consultation_answers").select(["id", "created_at"]).orderBy("id").execute();
    const flags = (db: typeof check.db) => db.selectFrom("campaign_banners").select(["id", "enabled", "published"]).orderBy("id").execute();
    expect(await times(check.db)).toEqual(await times(source.handle.db));
    expect(await flags(check.db)).toEqual(await flags(source.handle.db));
    await check.close();
    expect(names.filter((n) => n === "NGUYEN VAN A")).toHaveLength(5);
  });

  it("takes a consistent backup while requests keep arriving, and restores exactly what it counted", async () => {
    const source = await databaseWithRequests(dialect, 3);
    const file = join(dir, `live-${dialect}.backup`);
    let writing = true;
    const writes = (async () => {
      // A steady stream, paced so the database holds a few hundred requests, not tens of thousands.
      while (writing) {
        await source.submit();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    // As in production: `npm run backup` in its own process while this one serves.
    await run(process.execPath, ["scripts/backup.ts", "--out", file], { env: cliEnv(source.url) });
    writing = false;
    await writes;
    const manifest = JSON.parse(readFileSync(manifestPath(file), "utf8")) as BackupManifest;
    const now = await source.handle.db.selectFrom("consultation_answers").select("id").execute();
    expect(now.length).toBeGreaterThan(manifest.rows.consultation_answers!);
    expect(manifest.rows.consultation_answers).toBeGreaterThan(3);
    // Every consultation in the backup came with its six answers: one snapshot, no half request.
    expect(manifest.rows.consultation_answer_items).toBe(manifest.rows.consultation_answers! * 6);
    const restored = await restore(file, await emptyDatabase(dialect));
    expect(restored.rows).toEqual(manifest.rows);
  });

  it("refuses a database that is not empty, a backup of the other dialect, and a backup that was altered", async () => {
    const source = await databaseWithRequests(dialect, 1);
    const file = join(dir, `refuse-${dialect}.backup`);
    await backup(source.url, file);
    await expect(backup(source.url, file)).rejects.toThrow(/never overwrites/);
    await expect(restore(file, source.url)).rejects.toThrow(/not empty/);
    await expect(restore(file, dialect === "sqlite" ? "postgres://localhost/x" : `file:${join(dir, "other.sqlite")}`)).rejects.toThrow(
      /is of a/,
    );
    const manifest = JSON.parse(readFileSync(manifestPath(file), "utf8")) as BackupManifest;
    writeFileSync(manifestPath(file), JSON.stringify({ ...manifest, rows: { ...manifest.rows, consultation_answers: 2 } }));
    await expect(restore(file, await emptyDatabase(dialect))).rejects.toThrow(/consultation_answers: 1 rows restored, 2 backed up/);
  });

  it("without --out writes into BACKUP_DIR (made 0700) a file named by its UTC time, it and its manifest 0600", async () => {
    const source = await databaseWithRequests(dialect, 1);
    const backups = join(dir, `auto-${dialect}`, "backups");
    const before = new Date();
    const made = await run(process.execPath, ["scripts/backup.ts"], { env: { ...cliEnv(source.url), BACKUP_DIR: backups } });
    const file = (JSON.parse(made.stdout) as { file: string }).file;
    expect(dirname(file)).toBe(backups);
    const stamp = /loan-guide-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.dump$/.exec(file);
    expect(stamp).not.toBeNull();
    const [, y, mo, d, h, mi, se] = stamp!;
    const at = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${se}Z`);
    expect(at).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(statSync(backups).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(manifestPath(file)).mode & 0o777).toBe(0o600);
    expect((await restore(file, await emptyDatabase(dialect))).rows.consultation_answers).toBe(1);
  });

  it("without --out or BACKUP_DIR writes into ./backups; where that cannot be written, says what to pass (exit 2)", async () => {
    const source = await databaseWithRequests(dialect, 1);
    const script = resolve("scripts/backup.ts");
    const cwd = join(dir, `default-${dialect}`);
    mkdirSync(cwd);
    const env = { ...cliEnv(source.url), BACKUP_DIR: "" };
    const made = await run(process.execPath, [script], { env, cwd });
    expect((JSON.parse(made.stdout) as { file: string }).file).toMatch(/^backups\/loan-guide-\d{8}-\d{6}\.dump$/);
    expect(statSync(join(cwd, "backups")).mode & 0o777).toBe(0o700);

    const blocked = join(dir, `blocked-${dialect}`);
    mkdirSync(blocked);
    writeFileSync(join(blocked, "backups"), "a file where the directory would be");
    const refused = await run(process.execPath, [script], { env, cwd: blocked }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 2 });
    const message = (refused as { stderr: string }).stderr;
    expect(message).toContain("cannot write backups in ./backups");
    expect(message).toContain("BACKUP_DIR=/path/to/backups");
    expect(message).toContain("npm run backup -- --out /path/to/backup.dump");
  });

  it("runs as npm run backup / npm run restore with DATABASE_URL, and exits 1 with the reason", async () => {
    const source = await databaseWithRequests(dialect, 2);
    const file = join(dir, `cli-${dialect}.backup`);
    const node = process.execPath;
    const env = cliEnv;
    const made = await run(node, ["scripts/backup.ts", "--out", file], { env: env(source.url) });
    expect(JSON.parse(made.stdout)).toMatchObject({ event: "backup.done", dialect, rows: expect.any(Number) });
    expect(existsSync(file)).toBe(true);
    const target = await emptyDatabase(dialect);
    const restored = await run(node, ["scripts/restore.ts", file], { env: env(target) });
    expect(JSON.parse(restored.stdout)).toMatchObject({ event: "restore.done", rows: { consultation_answers: 2 } });
    const again = await run(node, ["scripts/restore.ts", file], { env: env(target) }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(again).toMatchObject({ code: 1 });
    expect(JSON.parse((again as { stderr: string }).stderr)).toMatchObject({
      event: "restore.failed",
      message: expect.stringMatching(/not empty/),
    });
  });

  it("encrypts to BACKUP_RECIPIENT: the file holds nothing in clear, restores only with the identity, and the go-live check is satisfied", async () => {
    const source = await databaseWithRequests(dialect, 3);
    const key = makeBackupKey(dir, `key-${dialect}`);
    const node = process.execPath;
    const file = join(dir, `sealed-${dialect}.backup`);
    const made = await run(node, ["scripts/backup.ts", "--out", file], { env: { ...cliEnv(source.url), BACKUP_RECIPIENT: key.recipient } });
    expect(JSON.parse(made.stdout)).toMatchObject({ event: "backup.done", encryption: "openpgp", keepDays: 7 });
    expect(made.stderr).toBe("");
    // OpenPGP (a packet tag, not SQLite's or pg_dump's header), no clear copy left beside it, 0600.
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 16).toString("latin1")).not.toMatch(/SQLite format|PGDMP/);
    expect(bytes.includes(Buffer.from("consultation_answers"))).toBe(false);
    expect(existsSync(`${file}.clear`)).toBe(false);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(manifestPath(file), "utf8"))).toMatchObject({ encryption: "openpgp" });
    expect((await goLiveFindings(source.handle.db, undefined)).filter((f) => f.area === "backup")).toEqual([]);

    const target = await emptyDatabase(dialect);
    const refused = await run(node, ["scripts/restore.ts", file], { env: cliEnv(target) }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(/encrypted: pass the backup key's secret part/);
    const other = makeBackupKey(dir, `other-${dialect}`);
    await expect(restore(file, target, { identity: other.identity })).rejects.toThrow(/gpg failed/);
    const restored = await run(node, ["scripts/restore.ts", "--identity", key.identity, file], { env: cliEnv(target) });
    expect(JSON.parse(restored.stdout)).toMatchObject({ event: "restore.done", rows: { consultation_answers: 3 } });
    const check = connect(target);
    try {
      expect((await check.db.selectFrom("consultation_answers").select("id").execute()).length).toBe(3);
    } finally {
      await check.close();
    }
  });

  it("without BACKUP_RECIPIENT writes a clear backup, says so, and the go-live check refuses it", async () => {
    const source = await databaseWithRequests(dialect, 1);
    const file = join(dir, `clear-${dialect}.backup`);
    const made = await run(process.execPath, ["scripts/backup.ts", "--out", file], { env: cliEnv(source.url) });
    expect(JSON.parse(made.stdout)).toMatchObject({ event: "backup.done", encryption: "none" });
    expect(JSON.parse(made.stderr)).toMatchObject({ event: "backup.unencrypted" });
    const findings = (await goLiveFindings(source.handle.db, undefined)).filter((f) => f.area === "backup");
    expect(findings).toEqual([expect.objectContaining({ what: "golive.backupPlain" })]);
  });
});

describe("the backup period", () => {
  it("keeps 7 days: npm run backup deletes the backups and manifests older than that in BACKUP_DIR, nothing else", () => {
    const backups = mkdtempSync(join(dir, "prune-"));
    const now = new Date("2026-11-29T00:00:00Z");
    const old = new Date(now.getTime() - 7 * 86_400_000 - 60_000);
    const recent = new Date(now.getTime() - 7 * 86_400_000 + 60_000);
    for (const [name, at] of [
      ["loan-guide-20261121-033000.dump", old],
      ["loan-guide-20261121-033000.dump.json", old],
      ["loan-guide-20261122-033000.dump", recent],
      ["notes.txt", old],
    ] as const) {
      writeFileSync(join(backups, name), "x");
      utimesSync(join(backups, name), at, at);
    }
    expect(pruneBackups(backups, 7, now).sort()).toEqual(["loan-guide-20261121-033000.dump", "loan-guide-20261121-033000.dump.json"]);
    expect(readdirSync(backups).sort()).toEqual(["loan-guide-20261122-033000.dump", "notes.txt"]);
  });
});
