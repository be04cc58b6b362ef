import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { FAST_SCRYPT, callRoute, cookieFrom, createOperator, signInCookie, csrfOf, get, post } from "#tests/support/admin.ts";
import * as signIn from "#app/routes/admin.sign-in.tsx";
import * as operatorsRoute from "#app/routes/admin.operators.tsx";
import * as inbox from "#app/routes/admin.inbox.tsx";
import { PASSWORD_LINK_MS } from "#app/features/console/policy.ts";
import { findSession } from "#app/features/console/session-store.server.ts";
import { readPasswordLink, spendPasswordLink } from "#app/features/operators/operators.server.ts";
import { attemptSignIn } from "#app/features/console/sign-in.server.ts";

/**
 * Operator accounts (issue 16, ADR 0022) on both dialects: invitations and
 * resets as one-time links (48 h, once), roles, disabling.
 */
const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new long password";

describe.each(DIALECTS)("operator accounts on %s", (dialect) => {
  let handle: TestDatabase;
  let cookie: string;
  let csrf: string;
  const app = () => testServices(handle.db);
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await createOperator(handle.db, "boss@example.com", PASSWORD);
    cookie = await signInCookie(app(), "boss@example.com", PASSWORD);
    csrf = await csrfOf(app(), cookie);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  const act = (fields: Record<string, string>) =>
    callRoute(operatorsRoute, "guarded", post("/admin/operators", { csrf, ...fields }, cookie), app());
  const tokenOf = (link: string) => new URL(link).pathname.split("/").at(-1)!;
  const signInWith = async (email: string, password: string) =>
    callRoute(signIn, "open", post("/admin/sign-in", { email, password }), app());

  it("invites an agent: a one-time link sets the password once; a reused link is refused with a clear state", async () => {
    const response = await act({ intent: "invite", email: "New.Agent@Example.com ", role: "agent" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: string; link: string; email: string };
    expect(body).toMatchObject({ ok: "invited", email: "new.agent@example.com" });
    expect(body.link).toMatch(/^http:\/\/localhost\/admin\/password\/[\w-]{43}$/);
    const token = tokenOf(body.link);

    // Only the token's hash is stored; the operator has no usable password yet.
    const stored = await handle.db.selectFrom("admin_password_links").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await attemptSignIn(handle.db, { email: "new.agent@example.com", password: "" }, new Date(), FAST_SCRYPT)).ok).toBe(false);

    const now = new Date();
    expect(await readPasswordLink(handle.db, token, now)).toMatchObject({
      state: "valid",
      email: "new.agent@example.com",
      purpose: "invite",
    });
    expect((await spendPasswordLink(handle.db, token, NEW_PASSWORD, now, FAST_SCRYPT)).state).toBe("valid");
    expect((await spendPasswordLink(handle.db, token, "another password entirely", now, FAST_SCRYPT)).state).toBe("used");
    expect(await readPasswordLink(handle.db, token, now)).toEqual({ state: "used" });

    const signedIn = await signInWith("new.agent@example.com", NEW_PASSWORD);
    expect(signedIn.status).toBe(302);
    const agent = await findSession(handle.db, "s".repeat(40), cookieFrom(signedIn)!.split("=")[1], new Date());
    expect(agent?.operator.role).toBe("agent");
    const actions = await handle.db.selectFrom("admin_audit_log").select("action").where("record_kind", "=", "operator").execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["operator_invite", "password_set"]));
  });

  it("an invitation expires after 48 hours (fake clock), and a second invitation of the same address is refused", async () => {
    const response = await act({ intent: "invite", email: "late@example.com", role: "agent" });
    const token = tokenOf(((await response.json()) as { link: string }).link);
    const issued = Date.now();
    const justBefore = new Date(issued + PASSWORD_LINK_MS - 60_000);
    const after = new Date(issued + PASSWORD_LINK_MS + 1_000);
    expect((await readPasswordLink(handle.db, token, justBefore)).state).toBe("valid");
    expect(await readPasswordLink(handle.db, token, after)).toEqual({ state: "expired" });
    expect((await spendPasswordLink(handle.db, token, NEW_PASSWORD, after, FAST_SCRYPT)).state).toBe("expired");
    expect(await readPasswordLink(handle.db, "not-a-token", after)).toEqual({ state: "unknown" });

    const again = await act({ intent: "invite", email: "late@example.com", role: "admin" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "operators.error.exists" });
  });

  it("writes the link on PUBLIC_ORIGIN when it is set", async () => {
    const response = await callRoute(
      operatorsRoute,
      "guarded",
      post("/admin/operators", { csrf, intent: "invite", email: "public@example.com", role: "agent" }, cookie),
      testServices(handle.db, { publicOrigin: "https://loans.example.com" }),
    );
    expect(((await response.json()) as { link: string }).link).toMatch(/^https:\/\/loans\.example\.com\/admin\/password\/[\w-]{43}$/);
  });

  it("changes a role, refuses to change one's own account or to remove the last administrator", async () => {
    const id = await createOperator(handle.db, "second@example.com", PASSWORD, "agent");
    expect((await act({ intent: "role", id: String(id), role: "admin" })).status).toBe(200);
    expect((await handle.db.selectFrom("admin_operators").select("role").where("id", "=", id).executeTakeFirstOrThrow()).role).toBe(
      "admin",
    );
    expect((await act({ intent: "role", id: String(id), role: "agent" })).status).toBe(200);

    const me = await handle.db.selectFrom("admin_operators").select("id").where("email", "=", "boss@example.com").executeTakeFirstOrThrow();
    const self = await act({ intent: "role", id: String(me.id), role: "agent" });
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ error: "operators.error.self" });
  });

  it("disabling ends the operator's sessions and push subscriptions at once; its next request is signed out", async () => {
    const id = await createOperator(handle.db, "leaver@example.com", PASSWORD, "agent", { twoStep: true });
    const theirs = await signInCookie(app(), "leaver@example.com", PASSWORD);
    await handle.db
      .insertInto("push_subscriptions")
      .values({
        operator_id: id,
        endpoint: "https://push.example.com/leaver",
        p256dh: "BAAA",
        auth: "AAAA",
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await callRoute(inbox, "guarded", get("/admin", theirs), app())).status).toBe(200);

    expect((await act({ intent: "disable", id: String(id) })).status).toBe(200);
    expect(await handle.db.selectFrom("admin_sessions").select("id").where("operator_id", "=", id).execute()).toHaveLength(0);
    expect(await handle.db.selectFrom("push_subscriptions").select("id").where("operator_id", "=", id).execute()).toHaveLength(0);
    const next = await callRoute(inbox, "guarded", get("/admin", theirs), app());
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    expect((await signInWith("leaver@example.com", PASSWORD)).status).toBe(401);

    expect((await act({ intent: "enable", id: String(id) })).status).toBe(200);
    expect((await signInWith("leaver@example.com", PASSWORD)).status).toBe(302);
  });

  it("a password reset ends the operator's sessions, the old password stops working, the link sets a new one", async () => {
    await createOperator(handle.db, "forgetful@example.com", PASSWORD, "agent");
    const theirs = cookieFrom(await signInWith("forgetful@example.com", PASSWORD))!;
    const response = await act({
      intent: "reset",
      id: String(
        (await handle.db.selectFrom("admin_operators").select("id").where("email", "=", "forgetful@example.com").executeTakeFirstOrThrow())
          .id,
      ),
    });
    expect(response.status).toBe(200);
    const token = tokenOf(((await response.json()) as { link: string }).link);
    expect((await callRoute(inbox, "guarded", get("/admin", theirs), app())).status).toBe(302);
    expect((await signInWith("forgetful@example.com", PASSWORD)).status).toBe(401);
    expect((await spendPasswordLink(handle.db, token, NEW_PASSWORD, new Date(), FAST_SCRYPT)).state).toBe("valid");
    expect((await signInWith("forgetful@example.com", NEW_PASSWORD)).status).toBe(302);
  });

  it("clears an operator's two-step sign-in (a lost phone): secret and recovery codes gone, sessions ended, set up again next time", async () => {
    const id = await createOperator(handle.db, "lost-phone@example.com", PASSWORD, "admin");
    const theirs = await signInCookie(app(), "lost-phone@example.com", PASSWORD);
    await handle.db
      .insertInto("admin_recovery_codes")
      .values({ operator_id: id, code_hash: "0".repeat(64), used_at: null, created_at: new Date().toISOString() })
      .execute();
    expect((await act({ intent: "reset_two_step", id: String(id) })).status).toBe(200);
    const row = await handle.db
      .selectFrom("admin_operators")
      .select(["totp_secret", "totp_enabled_at", "totp_last_step"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    expect(await handle.db.selectFrom("admin_recovery_codes").select("id").where("operator_id", "=", id).execute()).toHaveLength(0);
    expect((await callRoute(inbox, "guarded", get("/admin", theirs), app())).status).toBe(302);
    // The password alone now signs in, straight to the set-up.
    const again = cookieFrom(await signInWith("lost-phone@example.com", PASSWORD))!;
    expect((await callRoute(inbox, "guarded", get("/admin", again), app())).headers.get("location")).toBe("/admin/account");
  });

  it("answers a malformed or unknown action 400, never 500", async () => {
    for (const fields of [
      {},
      { intent: "invite" },
      { intent: "invite", email: "not-an-email", role: "agent" },
      { intent: "invite", email: "x@example.com", role: "root" },
      { intent: "role", id: "abc", role: "agent" },
      { intent: "disable", id: "0" },
      { intent: "explode", id: "1" },
    ]) {
      expect((await act(fields as Record<string, string>)).status, JSON.stringify(fields)).toBe(400);
    }
    const missing = await act({ intent: "disable", id: "999999" });
    expect(missing.status).toBe(409);
  });
});
