import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { TEST_APP_SECRET, testServices } from "#tests/support/services.ts";
import { unseal } from "#app/lib/sealed.server.ts";
import { TEST_TOTP_SECRET, callRoute, cookieFrom, createOperator, csrfOf, get, post } from "#tests/support/admin.ts";
import * as signIn from "#app/routes/admin.sign-in.tsx";
import * as secondStep from "#app/routes/admin.sign-in-code.tsx";
import * as account from "#app/routes/admin.account.tsx";
import * as inbox from "#app/routes/admin.inbox.tsx";
import * as exportCsv from "#app/routes/admin.export.ts";
import { MAX_SIGN_IN_FAILURES, SECOND_STEP_MS } from "#app/features/console/policy.ts";
import { sha256 } from "#app/features/console/session-crypto.server.ts";
import { checkSecondStep, setTwoStepPolicy, totpCode, totpStep } from "#app/features/console/two-step.server.ts";

/**
 * Two-step sign-in (issue 16, ADR 0022) on both dialects: RFC 6238 codes
 * within ±1 step, each step's code accepted once; recovery codes once; the
 * set-up an administrator is sent to; the code step under the sign-in
 * throttle. Time is a fake clock (`vi.setSystemTime`), never a wait.
 */
const PASSWORD = "correct horse battery";
const T0 = new Date("2026-11-25T03:00:10.000Z");
const STEP = totpStep(T0);
const at = (steps: number, ms = 0) => new Date(T0.getTime() + steps * 30_000 + ms);

describe.each(DIALECTS)("two-step sign-in on %s", (dialect) => {
  let handle: TestDatabase;
  const app = () => testServices(handle.db);
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  }, 30_000);
  afterAll(async () => handle.cleanup());
  afterEach(() => vi.useRealTimers());

  const clock = (now: Date) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
  };
  const password = (email: string, ip?: string) =>
    callRoute(signIn, "open", post("/admin/sign-in", { email, password: PASSWORD }), app(), {}, ip);
  const code = (pending: string, value: string, ip?: string) =>
    callRoute(secondStep, "open", post("/admin/sign-in/code", { code: value }, pending), app(), {}, ip);

  it("accepts a code of this step or the one before or after, each step once; an older step after a newer one is refused", async () => {
    const id = await createOperator(handle.db, "replay@example.com", PASSWORD);
    const now = at(0);
    expect(await checkSecondStep(handle.db, id, totpCode(TEST_TOTP_SECRET, STEP + 2), now, TEST_APP_SECRET)).toBeNull();
    expect(await checkSecondStep(handle.db, id, totpCode(TEST_TOTP_SECRET, STEP - 2), now, TEST_APP_SECRET)).toBeNull();
    expect(await checkSecondStep(handle.db, id, totpCode(TEST_TOTP_SECRET, STEP - 1), now, TEST_APP_SECRET)).toBe("totp");
    expect(await checkSecondStep(handle.db, id, totpCode(TEST_TOTP_SECRET, STEP - 1), now, TEST_APP_SECRET)).toBeNull();
    expect(await checkSecondStep(handle.db, id, totpCode(TEST_TOTP_SECRET, STEP), now, TEST_APP_SECRET)).toBe("totp");
    expect(await checkSecondStep(handle.db, id, totpCode(TEST_TOTP_SECRET, STEP), now, TEST_APP_SECRET)).toBeNull();
    // The same code, 20 seconds later (still its step): refused.
    expect(await checkSecondStep(handle.db, id, totpCode(TEST_TOTP_SECRET, STEP), at(0, 20_000), TEST_APP_SECRET)).toBeNull();
    expect(await checkSecondStep(handle.db, id, totpCode(TEST_TOTP_SECRET, STEP - 1), at(0, 20_000), TEST_APP_SECRET)).toBeNull();
    expect(await checkSecondStep(handle.db, id, totpCode(TEST_TOTP_SECRET, STEP + 1), at(1), TEST_APP_SECRET)).toBe("totp");
    const row = await handle.db.selectFrom("admin_operators").select("totp_last_step").where("id", "=", id).executeTakeFirstOrThrow();
    expect(Number(row.totp_last_step)).toBe(STEP + 1);
    // Two concurrent uses of the next code: one wins.
    const next = totpCode(TEST_TOTP_SECRET, STEP + 2);
    const both = await Promise.all([
      checkSecondStep(handle.db, id, next, at(2), TEST_APP_SECRET),
      checkSecondStep(handle.db, id, next, at(2), TEST_APP_SECRET),
    ]);
    expect(both.filter((r) => r === "totp")).toHaveLength(1);
  });

  it("signs in with the password, then a code; a reused code is refused; a recovery code works once", async () => {
    await createOperator(handle.db, "boss@example.com", PASSWORD);
    clock(at(10));
    const first = await password("boss@example.com");
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/admin/sign-in/code");
    expect(cookieFrom(first)).toBeUndefined(); // no session before the code
    const pending = cookieFrom(first, "admin_second_step")!;
    expect((await callRoute(secondStep, "open", get("/admin/sign-in/code", pending), app())).status).toBe(200);

    const good = totpCode(TEST_TOTP_SECRET, STEP + 10);
    expect((await code(pending, "123456")).status).toBe(401);
    const signedIn = await code(pending, good.replace(/(\d{3})/, "$1 "));
    expect(signedIn.status).toBe(302);
    const session = cookieFrom(signedIn)!;
    expect((await callRoute(inbox, "guarded", get("/admin", session), app())).status).toBe(200);

    // The same code again, in the same step, from a new password step: refused.
    const again = cookieFrom(await password("boss@example.com"), "admin_second_step")!;
    const reused = await code(again, good);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual({ error: "invalid" });

    // Recovery codes: set up through the account page, shown once, stored as hashes; each works once.
    const csrf = await csrfOf(app(), session);
    const made = await callRoute(account, "guarded", post("/admin/account", { intent: "codes", csrf }, session), app());
    const { codes } = (await made.json()) as { codes: string[] };
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const stored = await handle.db.selectFrom("admin_recovery_codes").select("code_hash").execute();
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.slice(0, 4));
    expect(stored.map((s) => s.code_hash)).toContain(sha256(codes[0]!.replaceAll("-", "")));

    expect((await code(again, codes[0]!.toUpperCase())).status).toBe(302);
    const third = cookieFrom(await password("boss@example.com"), "admin_second_step")!;
    expect((await code(third, codes[0]!)).status).toBe(401);
    expect((await code(third, codes[1]!)).status).toBe(302);
    const sources = await handle.db.selectFrom("admin_audit_log").select("detail").where("action", "=", "sign_in").execute();
    expect(sources.map((s) => s.detail)).toEqual(["totp", "recovery", "recovery"]);
  });

  it("forgets the password step after five minutes", async () => {
    await createOperator(handle.db, "slow@example.com", PASSWORD);
    clock(at(20));
    const pending = cookieFrom(await password("slow@example.com"), "admin_second_step")!;
    clock(new Date(at(20).getTime() + SECOND_STEP_MS + 1000));
    const late = await code(pending, totpCode(TEST_TOTP_SECRET, totpStep(new Date())));
    expect(late.status).toBe(302);
    expect(late.headers.get("location")).toBe("/admin/sign-in");
    expect(cookieFrom(late)).toBeUndefined();
    // A forged or unsigned cookie is no password step either.
    expect((await code("admin_second_step=eyJpZCI6MX0", "123456")).headers.get("location")).toBe("/admin/sign-in");
  });

  it("voids a password step when the password is reset meanwhile", async () => {
    await createOperator(handle.db, "reset-midway@example.com", PASSWORD);
    clock(at(30));
    const pending = cookieFrom(await password("reset-midway@example.com"), "admin_second_step")!;
    await handle.db.updateTable("admin_operators").set({ password_hash: "!" }).where("email", "=", "reset-midway@example.com").execute();
    const late = await code(pending, totpCode(TEST_TOTP_SECRET, STEP + 30));
    expect(late.status).toBe(302);
    expect(late.headers.get("location")).toBe("/admin/sign-in");
    expect(cookieFrom(late)).toBeUndefined();
  });

  it("locks the code step like the password step: five wrong codes from one address, then even the right one waits", async () => {
    await createOperator(handle.db, "guessed@example.com", PASSWORD);
    clock(at(40));
    const pending = cookieFrom(await password("guessed@example.com", "198.51.100.7"), "admin_second_step")!;
    const statuses = [];
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++) statuses.push((await code(pending, String(100000 + i), "198.51.100.7")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const right = await code(pending, totpCode(TEST_TOTP_SECRET, STEP + 40), "198.51.100.7");
    expect(right.status).toBe(423);
    expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
    // The owner from another address is not locked out.
    const elsewhere = cookieFrom(await password("guessed@example.com", "203.0.113.9"), "admin_second_step")!;
    expect((await code(elsewhere, totpCode(TEST_TOTP_SECRET, STEP + 40), "203.0.113.9")).status).toBe(302);
  });

  it("sends an administrator without two-step sign-in to set it up; nothing else opens until it is done", async () => {
    const id = await createOperator(handle.db, "new-admin@example.com", PASSWORD, "admin", { twoStep: false });
    clock(at(60));
    const session = cookieFrom(await password("new-admin@example.com"))!;
    const page = await callRoute(inbox, "guarded", get("/admin", session), app());
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/account");
    expect((await callRoute(inbox, "guarded", get("/admin.data", session), app())).status).toBe(302);
    expect((await callRoute(exportCsv, "open", get("/admin/export?kind=consultation", session), app())).status).toBe(403);

    const setup = (await (await callRoute(account, "guarded", get("/admin/account", session), app())).json()) as {
      twoStep: { enabled: boolean; required: boolean; qrSvg: string; secret: string };
    };
    expect(setup.twoStep).toMatchObject({ enabled: false, required: true });
    expect(setup.twoStep.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const secret = setup.twoStep.secret.replaceAll(" ", "");
    // A reload shows the same secret (the app may already have scanned it).
    const reloaded = (await (await callRoute(account, "guarded", get("/admin/account", session), app())).json()) as typeof setup;
    expect(reloaded.twoStep.secret.replaceAll(" ", "")).toBe(secret);

    const csrf = await csrfOf(app(), session);
    const wrong = await callRoute(account, "guarded", post("/admin/account", { intent: "confirm", code: "000000", csrf }, session), app());
    expect(wrong.status).toBe(400);
    const done = await callRoute(
      account,
      "guarded",
      post("/admin/account", { intent: "confirm", code: totpCode(secret, STEP + 60), csrf }, session),
      app(),
    );
    expect(done.status).toBe(200);
    expect(((await done.json()) as { codes: string[] }).codes).toHaveLength(10);
    expect((await callRoute(inbox, "guarded", get("/admin", session), app())).status).toBe(200);
    const row = await handle.db
      .selectFrom("admin_operators")
      .select(["totp_secret", "totp_pending_secret"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // Sealed under APP_SECRET: the database alone holds no secret an authenticator could use.
    expect(row.totp_pending_secret).toBeNull();
    expect(row.totp_secret).not.toContain(secret);
    expect(unseal(TEST_APP_SECRET, "totp", row.totp_secret!)).toBe(secret);
    // The code that confirmed the set-up cannot sign in again.
    const pending = cookieFrom(await password("new-admin@example.com"), "admin_second_step")!;
    expect((await code(pending, totpCode(secret, STEP + 60))).status).toBe(401);
  });

  it("requires it of a new agent by default (issue 52): without it, only the account page, to set it up", async () => {
    await createOperator(handle.db, "agent@example.com", PASSWORD, "agent", { twoStep: false });
    clock(at(80));
    const session = cookieFrom(await password("agent@example.com"))!;
    const refused = await callRoute(inbox, "guarded", get("/admin", session), app());
    expect(refused.headers.get("location")).toBe("/admin/account");
    expect((await callRoute(account, "guarded", get("/admin/account", session), app())).status).toBe(200);
    // "Administrators only" saved, but the console answers from anywhere: not honoured.
    await setTwoStepPolicy(handle.db, "admins", new Date());
    expect((await callRoute(inbox, "guarded", get("/admin", session), app())).headers.get("location")).toBe("/admin/account");
    // Inside the business's networks only (ADMIN_ALLOW_NETWORKS), the exception holds.
    const inside = testServices(handle.db, { adminAllowNetworks: ["127.0.0.0/8"] });
    expect((await callRoute(inbox, "guarded", get("/admin", session), inside)).status).toBe(200);
    await setTwoStepPolicy(handle.db, "everyone", new Date());
    expect((await callRoute(inbox, "guarded", get("/admin", session), inside)).headers.get("location")).toBe("/admin/account");
  });
});
