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
import { resealTotpSecrets, sealClearTotpSecrets, SecretsDoNotOpen } from "#app/features/console/totp-at-rest.server.ts";
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
    expect(await checkSecondStep(handle.db, id, code(), NOW, "a copy of the database, not the secret!")).toBeNull();
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
    expect(await checkSecondStep(handle.db, id, code(), NOW, TEST_APP_SECRET)).toBeNull();
    expect(await checkSecondStep(handle.db, id, code(), NOW, NEW_SECRET)).toBe("totp");
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
