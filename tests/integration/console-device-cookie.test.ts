import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { TEST_APP_SECRET, testServices } from "#tests/support/services.ts";
import { callRoute, cookieFrom, createOperator, FAST_SCRYPT, post, TEST_TOTP_SECRET } from "#tests/support/admin.ts";
import { attemptSecondStep, attemptSignIn } from "#app/features/console/sign-in.server.ts";
import { totpCode, totpStep } from "#app/features/console/two-step.server.ts";
import { endOperatorSessions, endOwnSessions, findSession } from "#app/features/console/session-store.server.ts";
import { deviceHeader, readDevice, type Device } from "#app/features/console/device-cookie.server.ts";
import { DEVICE_COOKIE_MS, MAX_SIGN_IN_FAILURES } from "#app/features/console/policy.ts";
import * as signInRoute from "#app/routes/admin.sign-in.tsx";
import * as secondStepRoute from "#app/routes/admin.sign-in-code.tsx";

/**
 * Issue 29, point 1 (ADR 0017): a browser that signed in to an account before
 * carries a signed device cookie; its attempts are counted apart, so a
 * stranger's failures never delay the owner there, while every other browser
 * waits as before. The clock is the test's (`now`), so a delay of seconds
 * cannot run out while the test runs.
 */
const OWNER = "owner@example.com";
const OTHER = "other@example.com";
const PASSWORD = "correct horse battery";
const OWNER_IP = "198.51.100.7";
const STRANGERS = ["203.0.113.1", "203.0.113.2", "203.0.113.3"];
const T0 = new Date("2026-11-26T08:00:00Z");

describe.each(DIALECTS)("device cookies on %s", (dialect) => {
  let handle: TestDatabase;
  let ownerId: number;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    ownerId = await createOperator(handle.db, OWNER, PASSWORD);
    await createOperator(handle.db, OTHER, PASSWORD);
  }, 30_000);
  afterAll(async () => handle.cleanup());
  beforeEach(async () => {
    for (const table of ["admin_login_throttle", "admin_login_accounts", "admin_sessions", "admin_device_cookies"] as const)
      await handle.db.deleteFrom(table).execute();
    await handle.db.updateTable("admin_operators").set({ totp_last_step: null }).execute();
  });

  const password = (email: string, pw: string, clientIp: string, now: Date, device?: Device | null) =>
    attemptSignIn(handle.db, { email, password: pw, clientIp, device }, now, FAST_SCRYPT);

  /** A full sign-in (password, then the code) of the owner at `now`; the device it leaves the browser with. */
  async function signIn(now: Date, device?: Device | null, clientIp = OWNER_IP): Promise<Device> {
    const first = await password(OWNER, PASSWORD, clientIp, now, device);
    if (!first.ok || first.token !== null) throw new Error(`password step: ${JSON.stringify(first)}`);
    // The same step's code again (replay is refused, and tested in console-two-step.test.ts).
    await handle.db.updateTable("admin_operators").set({ totp_last_step: null }).execute();
    const second = await attemptSecondStep(
      handle.db,
      {
        operatorId: ownerId,
        passwordStamp: first.passwordStamp,
        code: totpCode(TEST_TOTP_SECRET, totpStep(now)),
        appSecret: TEST_APP_SECRET,
        clientIp,
        device,
      },
      now,
    );
    if (!second.ok) throw new Error(`code step: ${JSON.stringify(second)}`);
    return second.device;
  }

  /** Twenty wrong passwords for the owner's account from three other addresses, at `now`. */
  async function strangers(now: Date, email = OWNER) {
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await password(email, "wrong password!", STRANGERS[i % 3]!, now));
    return answers;
  }

  it("after twenty wrong passwords from three other addresses, the owner's browser goes straight to the next step; a browser that never signed in waits", async () => {
    const device = await signIn(T0);
    const later = new Date(T0.getTime() + 60 * 60_000);
    const attack = await strangers(later);
    expect(attack.at(-1)).toMatchObject({ ok: false, reason: "delayed" });

    const owner = await password(OWNER, PASSWORD, OWNER_IP, later, device);
    expect(owner).toMatchObject({ ok: true, token: null });

    const newBrowser = await password(OWNER, PASSWORD, OWNER_IP, later, null);
    expect(newBrowser).toMatchObject({ ok: false, reason: "delayed" });
    expect((newBrowser as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("the owner's browser is trusted from any address, and its code step is not delayed either", async () => {
    const device = await signIn(T0);
    await strangers(T0);
    const rotated = await signIn(T0, device, "192.0.2.99");
    expect(rotated.token).not.toBe(device.token);
  });

  it("a new token at each sign-in: the old one is trusted no more", async () => {
    const first = await signIn(T0);
    const second = await signIn(T0, first);
    expect(second.operatorId).toBe(ownerId);
    await strangers(T0);
    expect(await password(OWNER, PASSWORD, OWNER_IP, T0, first)).toMatchObject({ ok: false, reason: "delayed" });
    expect(await password(OWNER, PASSWORD, OWNER_IP, T0, second)).toMatchObject({ ok: true, token: null });
  });

  it.each([
    ["the account's sessions are ended (a new password, a disabled account)", (id: number) => endOperatorSessions(handle.db, id)],
    [
      "the owner signs out everywhere",
      (id: number) => endOwnSessions(handle.db, { operator: { id } } as Parameters<typeof endOwnSessions>[1], "all"),
    ],
  ])("is revoked when %s", async (_name, revoke) => {
    const device = await signIn(T0);
    await revoke(ownerId);
    await strangers(T0);
    expect(await password(OWNER, PASSWORD, OWNER_IP, T0, device)).toMatchObject({ ok: false, reason: "delayed" });
  });

  it("is bound to its account: another operator's e-mail from that browser waits as any other", async () => {
    const device = await signIn(T0);
    await strangers(T0, OTHER);
    expect(await password(OTHER, PASSWORD, OWNER_IP, T0, device)).toMatchObject({ ok: false, reason: "delayed" });
  });

  it("runs out after its time", async () => {
    const device = await signIn(T0);
    const expired = new Date(T0.getTime() + DEVICE_COOKIE_MS + 1000);
    await strangers(expired);
    expect(await password(OWNER, PASSWORD, OWNER_IP, expired, device)).toMatchObject({ ok: false, reason: "delayed" });
  });

  it("counts a trusted browser's own failures apart: it locks itself after five, never the account", async () => {
    const device = await signIn(T0);
    const answers = [];
    for (let i = 0; i < MAX_SIGN_IN_FAILURES + 1; i++) answers.push(await password(OWNER, "wrong password!", OWNER_IP, T0, device));
    expect(answers.at(-1)).toMatchObject({ ok: false, reason: "locked" });
    // Nothing was counted for the account: a browser without the cookie is neither locked nor delayed.
    expect(await password(OWNER, PASSWORD, "192.0.2.50", T0, null)).toMatchObject({ ok: true, token: null });
    const row = await handle.db.selectFrom("admin_login_accounts").select("failures").executeTakeFirst();
    expect(Number(row?.failures ?? 0)).toBe(0);
  });

  it("through the routes: a signed HttpOnly cookie for the console, read back, replaced at the next sign-in", async () => {
    const services = testServices(handle.db);
    const signInThrough = async (cookie?: string) => {
      const first = await callRoute(signInRoute, "open", post("/admin/sign-in", { email: OWNER, password: PASSWORD }, cookie), services);
      const pending = cookieFrom(first, "admin_second_step")!;
      await handle.db.updateTable("admin_operators").set({ totp_last_step: null }).execute();
      const code = totpCode(TEST_TOTP_SECRET, totpStep(new Date()));
      const cookies = [pending, cookie].filter(Boolean).join("; ");
      return callRoute(secondStepRoute, "open", post("/admin/sign-in/code", { code }, cookies), services);
    };
    const first = await signInThrough();
    const header = first.headers.getSetCookie().find((c) => c.startsWith("admin_device="))!;
    expect(header.split("; ").slice(1).sort()).toEqual(["HttpOnly", "Max-Age=15552000", "Path=/admin", "SameSite=Lax"]);
    const cookie = cookieFrom(first, "admin_device")!;
    const device = await readDevice(services.secret, new Request("http://localhost/admin", { headers: { cookie } }));
    expect(device?.operatorId).toBe(ownerId);
    expect(await findSession(handle.db, services.secret, cookieFrom(first)!.split("=")[1], new Date())).not.toBeNull();

    const second = await signInThrough(cookie);
    expect(cookieFrom(second, "admin_device")).not.toBe(cookie);
    expect(await handle.db.selectFrom("admin_device_cookies").select("id").execute()).toHaveLength(1);
  });

  it("reads no cookie signed with another secret", async () => {
    const forged = await deviceHeader("another secret", false, { operatorId: ownerId, token: "x".repeat(43) });
    const request = new Request("http://localhost/admin", { headers: { cookie: forged.split(";")[0]! } });
    expect(await readDevice(testServices(handle.db).secret, request)).toBeNull();
  });
});
