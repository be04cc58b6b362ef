import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runScript } from "#tests/support/run-script.ts";
import { connect } from "#db/connect.ts";
import { verifyPassword } from "#app/features/console/password.server.ts";
import { attemptSignIn } from "#app/features/console/sign-in.server.ts";
import { closedOrigin, startWebhookReceiver } from "#tests/support/alert-receivers.ts";
import { startFakeSolapi } from "#tests/support/fake-solapi.ts";

/** The CLI scripts, run as an operator would: `npm run admin:create` and `npm run retention`. */
// Each test starts `node scripts/…` processes, which take seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });
const file = join(tmpdir(), `admin-cli-${randomBytes(4).toString("hex")}.db`);
const env = { ...process.env, DATABASE_URL: `file:${file}`, LOG_LEVEL: "info" };
// In a folder of its own: the Web Push keys' file is kept beside it, sealed under that secret (ADR 0022).
const CLI_SECRET_FILE = join(mkdtempSync(join(tmpdir(), "cli-secret-")), "secret.key");

function run(script: string, args: string[], stdin: string, extraEnv: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  return runScript(script, args, { ...env, ...extraEnv }, stdin);
}

async function operator(email: string) {
  const handle = connect(`file:${file}`);
  try {
    return await handle.db.selectFrom("admin_operators").selectAll().where("email", "=", email).executeTakeFirst();
  } finally {
    await handle.close();
  }
}

const runWith = (script: string, extraEnv: Record<string, string>) => run(script, [], "", extraEnv);

afterAll(() => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});

describe("npm run admin:create", () => {
  it("creates an operator from a piped password, storing only a scrypt hash", async () => {
    const result = await run("admin-create.ts", ["--email", "First.Ops@Example.com"], "a long enough passphrase\n");
    expect(result.code).toBe(0);
    expect(result.out).toContain("first.ops@example.com created");
    expect(result.out).not.toContain("passphrase");
    const row = await operator("first.ops@example.com");
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("a long enough passphrase", row!.password_hash)).toBe(true);
  });

  it("refuses an existing address unless --update, which sets the new password", async () => {
    const again = await run("admin-create.ts", ["--email", "first.ops@example.com"], "another passphrase!\n");
    expect(again.code).toBe(1);
    expect(again.out).toContain("already exists");
    const update = await run("admin-create.ts", ["--email", "first.ops@example.com", "--update"], "another passphrase!\n");
    expect(update.code).toBe(0);
    expect(await verifyPassword("another passphrase!", (await operator("first.ops@example.com"))!.password_hash)).toBe(true);
  });

  it("refuses a short password and a missing e-mail", async () => {
    expect((await run("admin-create.ts", ["--email", "x@example.com"], "short\n")).code).toBe(1);
    expect(await operator("x@example.com")).toBeUndefined();
    expect((await run("admin-create.ts", [], "a long enough passphrase\n")).code).toBe(1);
  });
});

describe("npm run retention", () => {
  it("runs once and logs counts only", async () => {
    const result = await run("retention.ts", [], "");
    expect(result.code).toBe(0);
    const line = result.out.split("\n").find((l) => l.includes("retention.run"));
    expect(JSON.parse(line!)).toMatchObject({ event: "retention.run", proposals: 0, consultations: 0 });
  });
});

describe("the scripts read the server's settings (server/config.ts)", () => {
  it.each([
    ["retention.ts", "retention"],
    ["admin-disable.ts", "admin:disable"],
    ["alerts-test.ts", "alerts:test"],
  ])("%s refuses a bad value, naming the variable", async (script, name) => {
    const result = await run(script, ["--email", "ops@example.com"], "", { DATABASE_URL: "mysql://db/app" });
    expect(result.code).toBe(1);
    expect(result.out.trim()).toBe(`${name}: DATABASE_URL must start with file: or postgres://`);
  });
});

describe("npm run admin:disable", () => {
  it("ends the operator's sessions, removes its devices from alerts and refuses its sign-in; --enable lets it in again", async () => {
    expect((await run("admin-create.ts", ["--email", "leaver@example.com"], "a long enough passphrase\n")).code).toBe(0);
    const handle = connect(`file:${file}`);
    try {
      const { id } = (await operator("leaver@example.com"))!;
      const at = new Date().toISOString();
      await handle.db
        .insertInto("admin_sessions")
        .values({
          token_hash: "f".repeat(64),
          operator_id: id,
          created_at: at,
          last_seen_at: at,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        })
        .execute();
      await handle.db
        .insertInto("push_subscriptions")
        .values({ operator_id: id, endpoint: "https://push.example.com/x", p256dh: "k", auth: "a", created_at: at })
        .execute();

      const result = await run("admin-disable.ts", ["--email", "Leaver@example.com"], "");
      expect(result.code).toBe(0);
      expect(result.out).toContain("1 sessions ended, 1 devices removed");
      expect((await operator("leaver@example.com"))!.disabled_at).not.toBeNull();
      expect(await handle.db.selectFrom("admin_sessions").selectAll().where("operator_id", "=", id).execute()).toHaveLength(0);
      expect(await handle.db.selectFrom("push_subscriptions").selectAll().where("operator_id", "=", id).execute()).toHaveLength(0);
      const refused = await attemptSignIn(handle.db, { email: "leaver@example.com", password: "a long enough passphrase" }, new Date());
      expect(refused).toMatchObject({ ok: false, reason: "invalid" });

      expect((await run("admin-disable.ts", ["--email", "leaver@example.com", "--enable"], "")).code).toBe(0);
      expect(
        await attemptSignIn(handle.db, { email: "leaver@example.com", password: "a long enough passphrase" }, new Date()),
      ).toMatchObject({ ok: true });
    } finally {
      await handle.close();
    }
  });

  it("says so when there is no such operator", async () => {
    const result = await run("admin-disable.ts", ["--email", "nobody@example.com"], "");
    expect(result.code).toBe(1);
    expect(result.out).toContain("no operator nobody@example.com");
  });
});

describe("npm run alerts:test", () => {
  it("says per channel what worked and why not, and exits 1 when one failed", async () => {
    const hook = await startWebhookReceiver();
    try {
      const ok = await runWith("alerts-test.ts", {
        ALERT_WEBHOOK_URL: hook.url,
        ALERT_WEBHOOK_SECRET: "s3cret-s3cret",
        APP_SECRET_FILE: CLI_SECRET_FILE,
      });
      expect(ok.out).toMatch(/webhook\s+127\.0\.0\.1:\d+: ok/);
      expect(ok.out).toContain("email    not configured");
      expect(hook.received).toHaveLength(1);
      expect(hook.received[0]!.json).toMatchObject({ event: "alert.test" });
      expect(ok.code).toBe(0);
      const closed = await closedOrigin();
      const failed = await runWith("alerts-test.ts", {
        ALERT_WEBHOOK_URL: `${closed}/x`,
        APP_SECRET_FILE: CLI_SECRET_FILE,
      });
      expect(failed.out).toMatch(/webhook\s+127\.0\.0\.1:\d+: FAILED — network: ECONNREFUSED/);
      expect(failed.code).toBe(1);
    } finally {
      await hook.close();
    }
  });

  it("sends a test text to the number given by --text when SOLAPI is configured, the number masked (issue 49)", async () => {
    const fake = await startFakeSolapi({ apiKey: "K", apiSecret: "S" });
    try {
      const env = {
        SOLAPI_API_KEY: "K",
        SOLAPI_API_SECRET: "S",
        SOLAPI_BASE_URL: fake.url,
        TEXT_SENDER_NUMBER: "0212345678",
        APP_SECRET_FILE: CLI_SECRET_FILE,
      };
      const ok = await run("alerts-test.ts", ["--text", "010-1234-5678"], "", env);
      expect(ok.out).toContain("text     010-****-5678: ok");
      expect(ok.out).not.toContain("12345678");
      expect(fake.messages).toEqual([expect.objectContaining({ to: "01012345678", from: "0212345678", type: "SMS" })]);
      fake.failNext(1, 503);
      const failed = await run("alerts-test.ts", ["--text", "01012345678"], "", env);
      expect(failed.out).toContain("text     010-****-5678: FAILED — SOLAPI HTTP 503");
      expect(failed.code).toBe(1);
    } finally {
      await fake.close();
    }
  });
});
