import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, cookieFrom, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import * as signIn from "#app/routes/admin.sign-in.tsx";
import * as inbox from "#app/routes/admin.inbox.tsx";
import * as operators from "#app/routes/admin.operators.tsx";
import { MAX_SIGN_IN_FAILURES } from "#app/features/console/policy.ts";
import { buildAlert } from "#app/features/alerts/message.ts";

/**
 * Outside access to the console (issue 52, item 5; 고시 제6조①②; ADR 0052):
 * ADMIN_ALLOW_NETWORKS refuses /admin from elsewhere with 403 and admits it
 * inside; two-step sign-in is everyone's by default ("administrators only"
 * is refused while the console answers from anywhere); a lock-out and a
 * sign-in from a network new for that operator queue an alert to the
 * administrators through the alerts outbox.
 */
const PASSWORD = "correct horse battery";
const OFFICE = ["203.0.113.0/24", "2001:db8:10::/48"];

describe.each(DIALECTS)("outside access to the console on %s", (dialect) => {
  let handle: TestDatabase;
  let adminId: number;
  const app = (overrides = {}) => testServices(handle.db, overrides);

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    adminId = await createOperator(handle.db, "boss@example.com", PASSWORD);
    // The administrator's phone receives the console's alerts.
    await handle.db
      .insertInto("push_subscriptions")
      .values({
        operator_id: adminId,
        endpoint: "https://push.example.com/boss",
        p256dh: "BAAA",
        auth: "AAAA",
        created_at: new Date().toISOString(),
      })
      .execute();
  }, 30_000);
  afterAll(async () => handle.cleanup());

  const securityAlerts = (kind: string) =>
    handle.db
      .selectFrom("alert_deliveries")
      .select(["channel", "recipient", "request_kind", "request_id"])
      .where("request_kind", "=", kind)
      .orderBy("id")
      .execute();

  it("refuses /admin from outside the allowed networks with 403, before any session or sign-in, and admits it inside", async () => {
    const limited = app({ adminAllowNetworks: OFFICE });
    for (const ip of ["198.51.100.7", "203.0.114.1", "2001:db8:11::1", "unknown"]) {
      const page = await callRoute(signIn, "open", get("/admin/sign-in"), limited, {}, ip);
      expect(page.status, ip).toBe(403);
      expect(await page.text()).toContain("403");
      const posted = await callRoute(
        signIn,
        "open",
        post("/admin/sign-in", { email: "boss@example.com", password: PASSWORD }),
        limited,
        {},
        ip,
      );
      expect(posted.status, ip).toBe(403);
      expect(posted.headers.get("set-cookie")).toBeNull();
    }
    expect((await callRoute(signIn, "open", get("/admin/sign-in"), limited, {}, "203.0.113.40")).status).toBe(200);
    expect((await callRoute(signIn, "open", get("/admin/sign-in"), limited, {}, "::ffff:203.0.113.41")).status).toBe(200);
    expect((await callRoute(signIn, "open", get("/admin/sign-in"), limited, {}, "2001:db8:10:5::9")).status).toBe(200);
    // A session made inside is refused outside as well.
    const cookie = await signInCookie(limited, "boss@example.com", PASSWORD, "203.0.113.40");
    expect((await callRoute(inbox, "guarded", get("/admin", cookie), limited, {}, "203.0.113.40")).status).toBe(200);
    expect((await callRoute(inbox, "guarded", get("/admin", cookie), limited, {}, "198.51.100.7")).status).toBe(403);
    // Without the list, every network.
    expect((await callRoute(inbox, "guarded", get("/admin", cookie), app(), {}, "198.51.100.7")).status).toBe(200);
  });

  it("requires two-step sign-in of a new agent, and keeps 'administrators only' out of reach while the console answers from anywhere", async () => {
    await createOperator(handle.db, "new.agent@example.com", PASSWORD, "agent", { twoStep: false });
    const session = cookieFrom(
      await callRoute(signIn, "open", post("/admin/sign-in", { email: "new.agent@example.com", password: PASSWORD }), app()),
    )!;
    expect((await callRoute(inbox, "guarded", get("/admin", session), app())).headers.get("location")).toBe("/admin/account");

    const boss = await signInCookie(app(), "boss@example.com", PASSWORD, "203.0.113.40");
    const csrf = await csrfOf(app(), boss);
    const setPolicy = (services: ReturnType<typeof app>, policy: string) =>
      callRoute(operators, "guarded", post("/admin/operators", { csrf, intent: "two_step_policy", policy }, boss), services);
    const refused = await setPolicy(app(), "admins");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "operators.error.policyOutside" });
    const page = (await (await callRoute(operators, "guarded", get("/admin/operators", boss), app())).json()) as {
      policy: string;
      insideOnly: boolean;
    };
    expect(page).toMatchObject({ policy: "everyone", insideOnly: false });
    // Inside the business's networks only, administrators may make it theirs alone.
    const inside = app({ adminAllowNetworks: ["127.0.0.0/8"] });
    expect((await setPolicy(inside, "admins")).status).toBe(200);
    expect((await callRoute(inbox, "guarded", get("/admin", session), inside)).status).toBe(200);
    expect((await callRoute(inbox, "guarded", get("/admin", session), app())).headers.get("location")).toBe("/admin/account");
    expect((await setPolicy(inside, "everyone")).status).toBe(200);
  });

  it("alerts the administrators when an operator signs in from a network not seen before for that account", async () => {
    const agentId = await createOperator(handle.db, "roamer@example.com", PASSWORD, "agent", { twoStep: true });
    await signInCookie(app(), "roamer@example.com", PASSWORD, "203.0.113.5"); // the first network: nothing to compare with
    await signInCookie(app(), "roamer@example.com", PASSWORD, "203.0.113.99"); // the same /24
    expect(await securityAlerts("new_network")).toEqual([]);
    await signInCookie(app(), "roamer@example.com", PASSWORD, "198.51.100.23");
    const queued = await securityAlerts("new_network");
    expect(queued).toEqual([
      { channel: "push", recipient: expect.any(String) as string, request_kind: "new_network", request_id: agentId },
    ]);
    const networks = await handle.db
      .selectFrom("admin_operator_networks")
      .select("network")
      .where("operator_id", "=", agentId)
      .orderBy("id")
      .execute();
    // The prefix only, never the address.
    expect(networks.map((n) => n.network)).toEqual(["203.0.113.x", "198.51.100.x"]);
    await signInCookie(app(), "roamer@example.com", PASSWORD, "198.51.100.24");
    expect(await securityAlerts("new_network")).toHaveLength(1);
    // What the administrator's phone says: the operator's number and the time, a link to Operators; no address.
    const alert = buildAlert(
      { kind: "new_network", id: agentId, lang: "ko", createdAt: "2026-11-29T01:00:00.000Z" },
      { origin: "https://x.example", lang: "en" },
    );
    expect(alert.title).toBe(`Sign-in from a new network (operator #${agentId})`);
    expect(alert.url).toBe("https://x.example/admin/operators");
    expect(alert.text).not.toMatch(/198\.51|roamer/);
  });

  it("alerts the administrators once when an address is locked out of an account", async () => {
    const id = await createOperator(handle.db, "target@example.com", PASSWORD, "agent", { twoStep: true });
    const attempt = () =>
      callRoute(
        signIn,
        "open",
        post("/admin/sign-in", { email: "target@example.com", password: "wrong password!" }),
        app(),
        {},
        "192.0.2.66",
      );
    for (let i = 1; i < MAX_SIGN_IN_FAILURES; i++) expect((await attempt()).status).toBe(401);
    expect(await securityAlerts("lockout")).toEqual([]);
    expect((await attempt()).status).toBe(423);
    expect(await securityAlerts("lockout")).toMatchObject([{ channel: "push", request_id: id }]);
    expect((await attempt()).status).toBe(423);
    expect(await securityAlerts("lockout")).toHaveLength(1);
  });
});
