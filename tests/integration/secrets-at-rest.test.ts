import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { TEST_APP_SECRET } from "#tests/support/services.ts";
import { createOperator, TEST_TOTP_SECRET } from "#tests/support/admin.ts";
import { connect, migrate } from "#db/connect.ts";
import { checkSecondStep, totpCode, totpStep } from "#app/features/console/two-step.server.ts";
import {
  resealTotpSecrets,
  sealClearTotpSecrets,
  SecretsDoNotOpen,
  totpSecretsSealedWithOtherKey,
} from "#app/features/console/totp-at-rest.server.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, cookieFrom, post } from "#tests/support/admin.ts";
import * as signIn from "#app/routes/admin.sign-in.tsx";
import * as secondStep from "#app/routes/admin.sign-in-code.tsx";
import { MAX_SIGN_IN_FAILURES } from "#app/features/console/policy.ts";
import { seal, unseal } from "#app/lib/sealed.server.ts";

/**
 * Issue 29, point 3 (ADR 0022): the operators' authenticator secrets are
 * sealed under APP_SECRET, so a copy of the database alone gives no code;
 * clear values from before are sealed at start; `npm run secrets:rotate`
 * re-seals them (and the Web Push private key's file) under a new secret.
 */
const NEW_SECRET = "n".repeat(64);
const NOW = new Date("2026-11-26T09:00:00Z");
const code = () => totpCode(TEST_TOTP_SECRET, totpStep(NOW));

describe.each(DIALECTS)("authenticator secrets at rest on %s", (dialect) => {
  let handle: TestDatabase;
  let id: number;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    id = await createOperator(handle.db, "sealed@example.com", "correct horse battery");
  }, 30_000);
  afterAll(async () => handle.cleanup());
  beforeEach(async () => {
    await handle.db
      .updateTable("admin_operators")
      .set({ totp_secret: seal(TEST_APP_SECRET, "totp", TEST_TOTP_SECRET), totp_pending_secret: null, totp_last_step: null })
      .execute();
  });
  const stored = async () =>
    handle.db.selectFrom("admin_operators").select(["totp_secret", "totp_pending_secret"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("stores no secret an authenticator could use: without APP_SECRET, the right code signs no one in", async () => {
    expect(JSON.stringify(await stored())).not.toContain(TEST_TOTP_SECRET);
    expect(await checkSecondStep(handle.db, id, code(), NOW, "a copy of the database, not the secret!")).toBe("key");
    expect(await checkSecondStep(handle.db, id, code(), NOW, TEST_APP_SECRET)).toBe("totp");
  });

  it("seals a secret kept in clear from before, once", async () => {
    await handle.db
      .updateTable("admin_operators")
      .set({ totp_secret: TEST_TOTP_SECRET, totp_pending_secret: "KRSXG5CTMVRXEZLU" })
      .execute();
    expect(await sealClearTotpSecrets(handle.db, TEST_APP_SECRET)).toBeGreaterThanOrEqual(2);
    expect(await sealClearTotpSecrets(handle.db, TEST_APP_SECRET)).toBe(0);
    const row = await stored();
    expect(unseal(TEST_APP_SECRET, "totp", row.totp_secret!)).toBe(TEST_TOTP_SECRET);
    expect(unseal(TEST_APP_SECRET, "totp", row.totp_pending_secret!)).toBe("KRSXG5CTMVRXEZLU");
    expect(await checkSecondStep(handle.db, id, code(), NOW, TEST_APP_SECRET)).toBe("totp");
  });

  it("re-seals under a new APP_SECRET: the new one opens, the old one no more", async () => {
    expect(await resealTotpSecrets(handle.db, TEST_APP_SECRET, NEW_SECRET)).toMatchObject({ changed: expect.any(Number), unopened: 0 });
    expect(await checkSecondStep(handle.db, id, code(), NOW, TEST_APP_SECRET)).toBe("key");
    expect(await checkSecondStep(handle.db, id, code(), NOW, NEW_SECRET)).toBe("totp");
  });

  it("counts the secrets sealed with another APP_SECRET (what the server says at start and the go-live check lists)", async () => {
    expect(await totpSecretsSealedWithOtherKey(handle.db, TEST_APP_SECRET)).toBe(0);
    expect(await totpSecretsSealedWithOtherKey(handle.db, NEW_SECRET)).toBe(1);
    await handle.db
      .updateTable("admin_operators")
      .set({ totp_pending_secret: seal(TEST_APP_SECRET, "totp", "KRSXG5CTMVRXEZLU") })
      .execute();
    expect(await totpSecretsSealedWithOtherKey(handle.db, NEW_SECRET)).toBe(2);
    // A secret still in clear is no mismatch: it is sealed at start.
    await handle.db.updateTable("admin_operators").set({ totp_secret: TEST_TOTP_SECRET, totp_pending_secret: null }).execute();
    expect(await totpSecretsSealedWithOtherKey(handle.db, NEW_SECRET)).toBe(0);
  });

  it("a sign-in under another APP_SECRET says the server's key changed and names secrets:rotate, logs key_mismatch, and locks no one out", async () => {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    const app = testServices(handle.db, { secret: NEW_SECRET, log });
    for (let i = 0; i <= MAX_SIGN_IN_FAILURES; i++) {
      const first = await callRoute(
        signIn,
        "open",
        post("/admin/sign-in", { email: "sealed@example.com", password: "correct horse battery" }),
        app,
      );
      const pending = cookieFrom(first, "admin_second_step")!;
      const answer = await callRoute(secondStep, "open", post("/admin/sign-in/code", { code: code() }, pending), app);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ error: "key" });
    }
    const failures = lines.filter((l) => l.event === "admin.second_step_failed");
    // (Repeated warnings are logged once with a count.)
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.every((l) => l.reason === "key_mismatch" && l.fix === "npm run secrets:rotate")).toBe(true);
    // A wrong code is still a wrong code.
    const first = await callRoute(
      signIn,
      "open",
      post("/admin/sign-in", { email: "sealed@example.com", password: "correct horse battery" }),
      app,
    );
    const wrong = await callRoute(
      secondStep,
      "open",
      post("/admin/sign-in/code", { code: "0000-0000-0000-0000" }, cookieFrom(first, "admin_second_step")!),
      app,
    );
    expect(wrong.status).toBe(401);
  });

  it("changes nothing when a secret does not open with the old APP_SECRET", async () => {
    await handle.db
      .updateTable("admin_operators")
      .set({ totp_secret: seal("another secret entirely", "totp", TEST_TOTP_SECRET) })
      .execute();
    const before = await handle.db.selectFrom("admin_operators").select(["id", "totp_secret"]).orderBy("id").execute();
    await expect(resealTotpSecrets(handle.db, TEST_APP_SECRET, NEW_SECRET)).rejects.toBeInstanceOf(SecretsDoNotOpen);
    expect(await handle.db.selectFrom("admin_operators").select(["id", "totp_secret"]).orderBy("id").execute()).toEqual(before);
  });
});

describe("npm run secrets:rotate", () => {
  it("re-seals the authenticator secrets and the Web Push key under the new secret, and keeps it in the secret's file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rotate-"));
    const oldSecret = "o".repeat(64);
    const { APP_SECRET: _unused, ...inherited } = process.env;
    const env = { ...inherited, DATABASE_URL: `file:${join(dir, "db.sqlite")}`, APP_SECRET_FILE: join(dir, "secret.key") };
    writeFileSync(env.APP_SECRET_FILE, oldSecret);
    const keys = { publicKey: "BPub", privateKey: "the-private-key" };
    writeFileSync(
      join(dir, "vapid.json"),
      JSON.stringify({ publicKey: keys.publicKey, privateKey: seal(oldSecret, "vapid", keys.privateKey) }),
    );
    const database = connect(env.DATABASE_URL);
    await migrate(database.db);
    const id = await createOperator(database.db, "rotate@example.com", "correct horse battery");
    await database.db
      .updateTable("admin_operators")
      .set({ totp_secret: seal(oldSecret, "totp", TEST_TOTP_SECRET) })
      .execute();
    await database.close();

    const run = spawnSync("node_modules/.bin/node", ["scripts/secrets-rotate.ts"], {
      env: { ...env, NEW_APP_SECRET: NEW_SECRET },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain(NEW_SECRET);
    expect(readFileSync(env.APP_SECRET_FILE, "utf8")).toBe(NEW_SECRET);
    const vapid = JSON.parse(readFileSync(join(dir, "vapid.json"), "utf8")) as { privateKey: string };
    expect(unseal(NEW_SECRET, "vapid", vapid.privateKey)).toBe(keys.privateKey);
    const after = connect(env.DATABASE_URL);
    try {
      expect(await checkSecondStep(after.db, id, code(), NOW, NEW_SECRET)).toBe("totp");
    } finally {
      await after.close();
    }
  }, 90_000);
});
