import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, cookieFrom, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { attemptSignIn } from "#app/features/console/sign-in.server.ts";
import { createSession, findSession } from "#app/features/console/session-store.server.ts";
import { sha256 } from "#app/features/console/session-crypto.server.ts";
import { verifyPassword } from "#app/features/console/password.server.ts";
import {
  ACCOUNT_DELAY_AFTER,
  ACCOUNT_DELAY_CAP_MS,
  MAX_SIGN_IN_FAILURES,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SIGN_IN_LOCK_MS,
} from "#app/features/console/policy.ts";
import * as signIn from "#app/routes/admin.sign-in.tsx";
import * as signOut from "#app/routes/admin.sign-out.ts";
import * as inbox from "#app/routes/admin.inbox.tsx";
import * as request from "#app/routes/admin.request.tsx";

const EMAIL = "ops@example.com";
const PASSWORD = "correct horse battery";
const FAST = { N: 1024, r: 8, p: 1 };

describe.each(DIALECTS)("operator sign-in and sessions on %s", (dialect) => {
  let handle: TestDatabase;
  let operatorId: number;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    // An agent: a password alone signs it in (the code step is tested in console-two-step.test.ts).
    // Without two-step sign-in: these tests are of the password step alone.
    operatorId = await createOperator(handle.db, EMAIL, PASSWORD, "agent", { twoStep: false });
  }, 30_000); // a fresh schema and migrations: slow on a busy PostgreSQL
  afterAll(async () => handle.cleanup());
  beforeEach(async () => {
    await handle.db.deleteFrom("admin_login_throttle").execute();
    await handle.db.deleteFrom("admin_login_accounts").execute();
    await handle.db.deleteFrom("admin_sessions").execute();
  });
  const services = (overrides = {}) => testServices(handle.db, overrides);
  const attempt = (password: string, email = EMAIL, app = services(), ip?: string) =>
    callRoute(signIn, "open", post("/admin/sign-in", { email, password, next: "/admin/audit" }), app, {}, ip);

  it("signs in: a session row holding only the token's hash, an HttpOnly SameSite cookie, back to `next`", async () => {
    const response = await attempt(PASSWORD, "  OPS@example.com ");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/audit");
    // The session's cookie (the device cookie, ADR 0017, comes beside it: console-device-cookie.test.ts).
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("admin_session="))!;
    expect(setCookie).toMatch(/^admin_session=[\w-]{43}; /);
    expect(setCookie.split("; ").slice(1).sort()).toEqual(["HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Lax"]);
    const token = /admin_session=([^;]+)/.exec(setCookie)![1]!;
    const rows = await handle.db.selectFrom("admin_sessions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const audit = await handle.db.selectFrom("admin_audit_log").selectAll().where("action", "=", "sign_in").execute();
    expect(audit.at(-1)).toMatchObject({ operator_id: operatorId, operator_email: EMAIL });
  });

  it("sets Secure on the cookie behind HTTPS", async () => {
    const response = await attempt(PASSWORD, EMAIL, services({ secureCookies: true }));
    expect(response.headers.get("set-cookie")?.split("; ")).toContain("Secure");
  });

  it("refuses a wrong password and an unknown e-mail alike, with no cookie", async () => {
    for (const response of [await attempt("wrong password!"), await attempt(PASSWORD, "nobody@example.com")]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(await response.json()).toMatchObject({ error: "invalid" });
    }
    expect(await handle.db.selectFrom("admin_sessions").selectAll().execute()).toHaveLength(0);
  });

  it("refuses an e-mail with a NUL or another control character as a wrong address (401, not a driver error)", async () => {
    for (const email of [`${EMAIL}\u0000`, `ops\u0000@example.com`, `ops@example.com\u0007`]) {
      const response = await attempt(PASSWORD, email);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "invalid" });
    }
  });

  it(`locks the account after ${MAX_SIGN_IN_FAILURES} consecutive failures, even for the right password`, async () => {
    for (let i = 1; i < MAX_SIGN_IN_FAILURES; i++) expect((await attempt("wrong password!")).status).toBe(401);
    const fifth = await attempt("wrong password!");
    expect(fifth.status).toBe(423);
    expect(await fifth.json()).toMatchObject({ error: "locked", retryMinutes: 15 });
    const right = await attempt(PASSWORD);
    expect(right.status).toBe(423);
    expect(right.headers.get("set-cookie")).toBeNull();
  });

  /** attemptSignIn with a password check that counts how often it runs. */
  const counted = () => {
    const checks = { n: 0 };
    const verify = async (password: string, hash: string) => {
      checks.n++;
      return verifyPassword(password, hash);
    };
    const at = (now: Date, clientIp: string, password = "wrong password!", email = EMAIL) =>
      attemptSignIn(handle.db, { email, password, clientIp }, now, FAST, verify);
    return { checks, at };
  };

  it(`checks at most ${MAX_SIGN_IN_FAILURES} of 20 concurrent wrong passwords for one account from one address`, async () => {
    const { checks, at } = counted();
    const t0 = new Date("2026-11-22T03:00:00.000Z");
    const results = await Promise.all(Array.from({ length: 20 }, () => at(t0, "203.0.113.7")));
    expect(checks.n).toBe(MAX_SIGN_IN_FAILURES);
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(MAX_SIGN_IN_FAILURES - 1);
    expect(results.filter((r) => !r.ok && r.reason === "locked")).toHaveLength(20 - MAX_SIGN_IN_FAILURES + 1);
    // Locked for that address, the right password too, and without a check.
    expect(await at(t0, "203.0.113.7", PASSWORD)).toEqual({ ok: false, reason: "locked", retryAfterSeconds: SIGN_IN_LOCK_MS / 1000 });
    expect(checks.n).toBe(MAX_SIGN_IN_FAILURES);
  });

  it(`checks at most ${ACCOUNT_DELAY_AFTER} of 20 concurrent wrong passwords for one account from 20 addresses`, async () => {
    const { checks, at } = counted();
    const t0 = new Date("2026-11-22T03:00:00.000Z");
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => at(t0, `198.51.100.${i + 1}`)));
    expect(checks.n).toBe(ACCOUNT_DELAY_AFTER);
    expect(results.filter((r) => !r.ok && r.reason === "delayed")).toHaveLength(20 - ACCOUNT_DELAY_AFTER);
  });

  it("keeps the owner in from another address while a stranger's address is locked", async () => {
    const stranger = "198.51.100.66";
    for (let i = 1; i < MAX_SIGN_IN_FAILURES; i++) expect((await attempt("wrong password!", EMAIL, services(), stranger)).status).toBe(401);
    expect((await attempt("wrong password!", EMAIL, services(), stranger)).status).toBe(423);
    expect((await attempt(PASSWORD, EMAIL, services(), stranger)).status).toBe(423);
    const owner = await attempt(PASSWORD, EMAIL, services(), "192.0.2.10");
    expect(owner.status).toBe(302);
    expect(owner.headers.get("set-cookie")).toMatch(/^admin_session=/);
    // The owner's success does not lift the stranger's lock.
    expect((await attempt(PASSWORD, EMAIL, services(), stranger)).status).toBe(423);
  });

  it(`past ${ACCOUNT_DELAY_AFTER} failures from anywhere, makes each further attempt wait 2^n seconds up to the cap — a delay, not a lock`, async () => {
    const { checks, at } = counted();
    const t0 = new Date("2026-11-22T05:00:00.000Z");
    for (let i = 0; i < ACCOUNT_DELAY_AFTER; i++) expect(await at(t0, `10.0.0.${i + 1}`)).toEqual({ ok: false, reason: "invalid" });
    let t = t0.getTime();
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const early = await at(new Date(t), `10.0.1.${i + 1}`);
      expect(early).toMatchObject({ ok: false, reason: "delayed" });
      const wait = (early as { retryAfterSeconds: number }).retryAfterSeconds;
      waits.push(wait);
      // One second early is still too early; on time, the attempt is checked.
      expect(await at(new Date(t + wait * 1000 - 1000), `10.0.2.${i + 1}`)).toMatchObject({ reason: "delayed", retryAfterSeconds: 1 });
      t += wait * 1000;
      if (i < 9) expect(await at(new Date(t), `10.0.3.${i + 1}`)).toEqual({ ok: false, reason: "invalid" });
    }
    const cap = ACCOUNT_DELAY_CAP_MS / 1000;
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, cap, cap]);
    expect(checks.n).toBe(ACCOUNT_DELAY_AFTER + 9);

    // The owner, during a delay, is told to wait, however often it retries, and is never locked: on time it signs in.
    const owner = "192.0.2.10";
    for (let i = 0; i < MAX_SIGN_IN_FAILURES + 2; i++)
      expect(await at(new Date(t - 1000), owner, PASSWORD)).toMatchObject({ reason: "delayed" });
    expect(await at(new Date(t), owner, PASSWORD)).toMatchObject({ ok: true });
  });

  it("says how long to wait in minutes when the account is delayed (429, Retry-After)", async () => {
    for (let i = 0; i < ACCOUNT_DELAY_AFTER; i++)
      expect((await attempt("wrong password!", EMAIL, services(), `10.7.0.${i + 1}`)).status).toBe(401);
    const delayed = await attempt(PASSWORD, EMAIL, services(), "10.7.1.1");
    expect(delayed.status).toBe(429);
    expect(Number(delayed.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(delayed.headers.get("set-cookie")).toBeNull();
    expect(await delayed.json()).toMatchObject({ error: "delayed", retryMinutes: 1 });
  });

  it("delays unknown addresses the same way (a delay says nothing about which addresses exist)", async () => {
    const { checks, at } = counted();
    const t0 = new Date("2026-11-22T06:00:00.000Z");
    for (let i = 0; i < ACCOUNT_DELAY_AFTER; i++) await at(t0, `10.8.0.${i + 1}`, "whatever pw", "ghost@example.com");
    expect(await at(t0, "10.8.1.1", "whatever pw", "ghost@example.com")).toEqual({ ok: false, reason: "delayed", retryAfterSeconds: 2 });
    expect(checks.n).toBe(ACCOUNT_DELAY_AFTER);
    const stored = await handle.db.selectFrom("admin_login_accounts").select("email_hash").execute();
    expect(JSON.stringify(stored)).not.toContain("ghost");
  }, 20_000); // unknown addresses cost a full-strength scrypt each

  it("unlocks when the lock has passed, and a success resets the count", async () => {
    const t0 = new Date("2026-11-22T01:00:00.000Z");
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++) await attemptSignIn(handle.db, { email: EMAIL, password: "nope nope nope" }, t0, FAST);
    const justBefore = new Date(t0.getTime() + SIGN_IN_LOCK_MS - 1000);
    expect(await attemptSignIn(handle.db, { email: EMAIL, password: PASSWORD }, justBefore, FAST)).toMatchObject({
      ok: false,
      reason: "locked",
      retryAfterSeconds: 1,
    });
    const after = new Date(t0.getTime() + SIGN_IN_LOCK_MS);
    expect(await attemptSignIn(handle.db, { email: EMAIL, password: PASSWORD }, after, FAST)).toMatchObject({ ok: true });
    // After a success the count starts again: four failures do not lock.
    for (let i = 1; i < MAX_SIGN_IN_FAILURES; i++) {
      expect(await attemptSignIn(handle.db, { email: EMAIL, password: "nope nope nope" }, after, FAST)).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    expect(await attemptSignIn(handle.db, { email: EMAIL, password: PASSWORD }, after, FAST)).toMatchObject({ ok: true });
  });

  it("locks unknown addresses the same way (a lock says nothing about which addresses exist)", async () => {
    for (let i = 1; i < MAX_SIGN_IN_FAILURES; i++) await attempt("whatever pw", "ghost@example.com");
    expect((await attempt("whatever pw", "ghost@example.com")).status).toBe(423);
    const stored = await handle.db.selectFrom("admin_login_throttle").select("email_hash").execute();
    expect(JSON.stringify(stored)).not.toContain("ghost");
  }, 20_000); // unknown addresses cost a full-strength scrypt each

  it("rate-limits sign-in per IP address (429 with Retry-After), even with the right password", async () => {
    const app = services({ limiter: createRateLimiter({ max: 3, windowMs: 60_000 }) });
    for (let i = 0; i < 3; i++) await attempt("wrong password!", `user${i}@example.com`, app, "10.9.9.9");
    const limited = await attempt(PASSWORD, EMAIL, app, "10.9.9.9");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("set-cookie")).toBeNull();
    expect((await attempt(PASSWORD, EMAIL, app, "10.9.9.10")).status).toBe(302);
  });

  it("ends a session after the idle time and after the absolute time, and deletes it", async () => {
    const start = new Date("2026-11-22T00:00:00.000Z");
    const idle = await createSession(handle.db, operatorId, start);
    expect(await findSession(handle.db, "s", idle, new Date(start.getTime() + SESSION_IDLE_MS - 1))).not.toBeNull();
    // That request moved last_seen_at: the idle clock restarts from it.
    const seen = start.getTime() + SESSION_IDLE_MS - 1;
    expect(await findSession(handle.db, "s", idle, new Date(seen + SESSION_IDLE_MS))).toBeNull();
    expect(await handle.db.selectFrom("admin_sessions").selectAll().where("token_hash", "=", sha256(idle)).execute()).toHaveLength(0);

    const busy = await createSession(handle.db, operatorId, start);
    let at = start.getTime();
    while (at + 30 * 60_000 < start.getTime() + SESSION_ABSOLUTE_MS) {
      at += 30 * 60_000;
      expect(await findSession(handle.db, "s", busy, new Date(at))).not.toBeNull();
    }
    expect(await findSession(handle.db, "s", busy, new Date(start.getTime() + SESSION_ABSOLUTE_MS))).toBeNull();
  });

  it("redirects the sign-in page to the console when already signed in", async () => {
    const cookie = cookieFrom(await attempt(PASSWORD))!;
    const response = await callRoute(signIn, "open", get("/admin/sign-in?next=%2Fadmin%2Fbanners", cookie), services());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/banners");
  });

  it("clears the cookie of a session that has ended", async () => {
    const response = await callRoute(inbox, "guarded", get("/admin", "admin_session=not-a-live-session"), services());
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(/^admin_session=; .*Max-Age=0/);
  });

  it("signs out: the session row is deleted and the cookie cleared; the old cookie no longer works", async () => {
    const app = services();
    const cookie = cookieFrom(await attempt(PASSWORD))!;
    const csrf = await csrfOf(app, cookie);
    const out = await callRoute(signOut, "open", post("/admin/sign-out", { csrf }, cookie), app);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/admin/sign-in");
    expect(out.headers.get("set-cookie")).toMatch(/admin_session=; .*Max-Age=0/);
    expect(await handle.db.selectFrom("admin_sessions").selectAll().execute()).toHaveLength(0);
    const after = await callRoute(inbox, "guarded", get("/admin", cookie), app);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/admin\/sign-in/);
  });

  it("refuses a console form post without the session's token (403) and changes nothing", async () => {
    const app = services();
    // An agent with two-step sign-in, as every operator must have it (issue 52), signed in with both steps.
    await createOperator(handle.db, "poster@example.com", PASSWORD, "agent", { twoStep: true });
    const cookie = await signInCookie(app, "poster@example.com", PASSWORD);
    const at = new Date().toISOString();
    const { id } = await handle.db
      .insertInto("proposals")
      .values({
        submission_id: null,
        lang: "en",
        proposer_name: "Org",
        proposer_phone: "0212345678",
        proposer_email: "a@example.com",
        proposal_content: "Hi",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const params = { kind: "proposal", id: String(id) };
    for (const csrf of [undefined, "forged-token"]) {
      const fields: Record<string, string> = { intent: "note", note: "x" };
      if (csrf) fields.csrf = csrf;
      expect((await callRoute(request, "guarded", post(`/admin/requests/proposal/${id}`, fields, cookie), app, params)).status).toBe(403);
    }
    expect((await callRoute(signOut, "open", post("/admin/sign-out", { csrf: "forged" }, cookie), app)).status).toBe(403);
    expect(await handle.db.selectFrom("admin_sessions").selectAll().execute()).toHaveLength(1);
    const row = await handle.db.selectFrom("proposals").select(["status", "operator_note"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "new", operator_note: "" });
    const ok = await callRoute(
      request,
      "guarded",
      post(`/admin/requests/proposal/${id}`, { intent: "note", note: "x", csrf: await csrfOf(app, cookie) }, cookie),
      app,
      params,
    );
    expect(ok.status).toBe(200);
  });
});
