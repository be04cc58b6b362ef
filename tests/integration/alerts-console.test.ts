import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testAlertConfig, testServices, type TestServices } from "#tests/support/services.ts";
import { callRoute, createOperator, signInCookie, csrfOf, get, post } from "#tests/support/admin.ts";
import { startFakePushService } from "#tests/support/alert-receivers.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { createAlerts } from "#app/features/alerts/alerts.server.ts";
import { failingChannels, responseTimes } from "#app/features/alerts/status.server.ts";
import { listInbox } from "#app/features/pipeline/inbox.server.ts";
import * as notifications from "#app/routes/admin.notifications.tsx";
import * as request from "#app/routes/admin.request.tsx";

/**
 * Issue 12 in the console: an operator turns alerts on for a device, tests
 * and turns them off; requests are unread until first opened; a channel
 * failing for more than 15 minutes is reported; the time to first opening.
 */
describe.each(DIALECTS)("alerts in the console on %s", (dialect) => {
  let handle: TestDatabase;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  let app: TestServices;
  let cookie: string;
  let csrf: string;

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    push = await startFakePushService();
    await createOperator(handle.db, "ops@example.com", "correct horse battery");
    app = testServices(handle.db, { alerts: createAlerts(handle.db, testAlertConfig({ pushAllowHosts: [push.host] }), silentLogger) });
    cookie = await signInCookie(app, "ops@example.com", "correct horse battery");
    csrf = await csrfOf(app, cookie);
  }, 30_000);
  afterAll(async () => {
    await push.close();
    await handle.cleanup();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("alert_deliveries").execute();
    await handle.db.deleteFrom("push_subscriptions").execute();
  });

  const act = (fields: Record<string, string>) =>
    callRoute(notifications, "guarded", post("/admin/notifications", { csrf, ...fields }, cookie), app);

  it("turns alerts on for a device, sends it a test alert, and turns them off (each audited)", async () => {
    const device = push.subscribe();
    const fields = { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth };
    expect(await (await act({ intent: "subscribe", ...fields })).json()).toEqual({ ok: true, intent: "subscribe" });
    const page = await (await callRoute(notifications, "guarded", get("/admin/notifications", cookie), app)).json();
    expect(page.endpoints).toEqual([device.endpoint]);
    expect(page.vapidPublicKey).toBe(testAlertConfig().vapid.publicKey);

    expect(await (await act({ intent: "test", ...fields })).json()).toEqual({ ok: true, intent: "test" });
    expect(JSON.parse(push.received.at(-1)!.payload!)).toMatchObject({
      title: "테스트 알림",
      url: "https://console.example.com/admin/notifications",
    });

    expect(await (await act({ intent: "unsubscribe", endpoint: device.endpoint })).json()).toEqual({ ok: true, intent: "unsubscribe" });
    expect(await handle.db.selectFrom("push_subscriptions").selectAll().execute()).toHaveLength(0);
    const actions = (
      await handle.db.selectFrom("admin_audit_log").select("action").where("action", "in", ["push_on", "push_off"]).execute()
    ).map((r) => r.action);
    expect(actions).toEqual(["push_on", "push_off"]);
  });

  it("refuses an endpoint that is not https on the public internet, bad keys and a missing token", async () => {
    const device = push.subscribe();
    const bad = [
      { endpoint: "http://push.example.com/x", p256dh: device.keys.p256dh, auth: device.keys.auth },
      { endpoint: "javascript:alert(1)", p256dh: device.keys.p256dh, auth: device.keys.auth },
      { endpoint: device.endpoint, p256dh: "short", auth: device.keys.auth },
      { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: "x".repeat(40) },
    ];
    for (const fields of bad) expect((await act({ intent: "subscribe", ...fields })).status).toBe(400);
    expect((await act({ intent: "dance", endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth })).status).toBe(
      400,
    );
    const noToken = await callRoute(
      notifications,
      "guarded",
      post(
        "/admin/notifications",
        { intent: "subscribe", endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
        cookie,
      ),
      app,
    );
    expect(noToken.status).toBe(403);
    // An endpoint on a private network is stored only through the test allow list; without it, refused.
    const strict = testServices(handle.db, { alerts: createAlerts(handle.db, testAlertConfig(), silentLogger) });
    const refused = await callRoute(
      notifications,
      "guarded",
      post(
        "/admin/notifications",
        { csrf, intent: "subscribe", endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
        cookie,
      ),
      strict,
    );
    expect(refused.status).toBe(400);
    expect(await handle.db.selectFrom("push_subscriptions").selectAll().execute()).toHaveLength(0);
  });

  it("a test alert to a device the push service no longer knows says why and removes it", async () => {
    const device = push.subscribe();
    const fields = { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth };
    await act({ intent: "subscribe", ...fields });
    push.answer(device.endpoint, 410);
    const res = await act({ intent: "test", ...fields });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ ok: false, reason: expect.stringContaining("410") });
    expect(await handle.db.selectFrom("push_subscriptions").selectAll().execute()).toHaveLength(0);
  });

  it("a request is unread until an operator first opens it", async () => {
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    const { id } = await handle.db
      .insertInto("purchase_requests")
      .values({
        submission_id: null,
        lang: "mn",
        applicant_name: "Bat",
        contact_phone: "01033334444",
        applicant_addr: "a",
        inquiry_content: "x",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const unread = async () => (await listInbox(handle.db, { page: 1, kind: "purchase" })).rows.find((r) => r.id === id)!.unread;
    expect(await unread()).toBe(true);
    expect(
      (await callRoute(request, "guarded", get(`/admin/requests/purchase/${id}`, cookie), app, { kind: "purchase", id: String(id) }))
        .status,
    ).toBe(200);
    expect(await unread()).toBe(false);
    const first = (await handle.db.selectFrom("purchase_requests").select("first_opened_at").where("id", "=", id).executeTakeFirstOrThrow())
      .first_opened_at!;
    await callRoute(request, "guarded", get(`/admin/requests/purchase/${id}`, cookie), app, { kind: "purchase", id: String(id) });
    expect(
      (await handle.db.selectFrom("purchase_requests").select("first_opened_at").where("id", "=", id).executeTakeFirstOrThrow())
        .first_opened_at,
    ).toBe(first);
    const today = (await responseTimes(handle.db)).find((d) => d.requests > 0)!;
    expect(today).toMatchObject({ requests: 1, opened: 1 });
    expect(today.medianMinutes).toBeGreaterThanOrEqual(4.9);
    expect(today.medianMinutes).toBeLessThan(6);
  });

  it("reports a channel failing for more than 15 minutes, until it delivers again", async () => {
    const now = new Date("2026-11-24T05:00:00.000Z");
    const ago = (min: number) => new Date(now.getTime() - min * 60_000).toISOString();
    const row = (over: Record<string, unknown>) => ({
      channel: "webhook" as const,
      recipient: "webhook",
      request_kind: "consultation",
      request_id: 1,
      request_lang: "vi",
      request_created_at: ago(20),
      status: "pending" as const,
      attempts: 3,
      next_attempt_at: ago(-1),
      claim_token: null,
      claimed_until: null,
      last_error: "HTTP 503",
      first_failed_at: ago(20),
      delivered_at: null,
      created_at: ago(20),
      updated_at: ago(1),
      ...over,
    });
    await handle.db.insertInto("alert_deliveries").values(row({})).execute();
    expect(await failingChannels(handle.db, now)).toEqual([{ channel: "webhook", minutes: 20 }]);
    // Failing for 10 minutes only: not yet worth a warning.
    expect(await failingChannels(handle.db, new Date(now.getTime() - 10 * 60_000))).toEqual([]);
    // A later delivery on the channel: it works again.
    await handle.db
      .insertInto("alert_deliveries")
      .values(row({ status: "delivered", first_failed_at: null, delivered_at: ago(2), created_at: ago(3), last_error: null }))
      .execute();
    expect(await failingChannels(handle.db, now)).toEqual([]);
  });
});
