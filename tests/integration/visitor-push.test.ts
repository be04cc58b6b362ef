import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { TEST_APP_SECRET, testAlertConfig, testContext, testServices } from "#tests/support/services.ts";
import { createOperator } from "#tests/support/admin.ts";
import { startFakePushService } from "#tests/support/alert-receivers.ts";
import { formOutcome } from "#tests/support/form-result.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { serverT } from "#app/i18n/catalog.server.ts";
import type { Alerts } from "#app/features/alerts/alerts.server.ts";
import { createSending } from "#server/outbox.ts";
import { scheduleVisitorNews, subscribeVisitor } from "#app/features/visitor-news/visitor-push.server.ts";
import { businessIdentity, IDENTITY_SECTION } from "#app/business/identity.server.ts";
import { readSection, writeSection } from "#app/business/sections.server.ts";
import { claim } from "#app/features/pipeline/my-calls.server.ts";
import type { VisitorNews } from "#app/features/visitor-news/visitor-push.ts";
import { consultationRow } from "#tests/support/consultation-row.ts";
import { issueStatusToken } from "#app/requests/status-link.server.ts";
import { eraseRequests } from "#app/requests/erase.server.ts";
import { runRetention } from "#app/features/retention/retention.server.ts";
import { announceCall, announceOnOpen, logCall } from "#app/features/pipeline/calls.server.ts";
import { fromSeoulLocal } from "#app/features/pipeline/calls.ts";
import { lenderConsentAction } from "#app/features/pipeline/lender-consent.server.ts";
import { moveStage } from "#app/features/pipeline/pipeline.server.ts";
import { action as statusAction } from "#app/routes/status.tsx";

/**
 * Web Push to visitors (issue 38, items 1–3), against the local fake push
 * service: each kind of news sends one notification in the request's
 * language with no name, phone or amount, once across two workers; none in
 * the night (held until 08:00) unless the visitor asked to be called then; at
 * most one per 10 minutes (later news coalesces into the waiting one); a 410
 * deletes the subscription; erasure and retention delete subscriptions; the
 * status page's post refuses a bad subscription with 400.
 */
const kst = (local: string) => fromSeoulLocal(local)!;
const NAME = "BATBOLD GANBAATAR";
const PHONE = "01077778888";

describe.each(DIALECTS)("visitor Web Push on %s", (dialect) => {
  let handle: TestDatabase;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  let alerts: Alerts;
  let agent: { operator: { id: number; email: string } };

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    push = await startFakePushService();
    alerts = createSending(handle.db, testAlertConfig({ pushAllowHosts: [push.host] }), silentLogger, { secret: TEST_APP_SECRET });
    const a = await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    agent = { operator: { id: a, email: "agent@example.com" } };
  }, 30_000);
  afterAll(async () => {
    await alerts.stop();
    await push.close();
    await handle.cleanup();
  });
  beforeEach(() => {
    push.received.length = 0;
  });

  /** A consultation in Mongolian at `status`, its status link and one subscribed phone. */
  async function lead(status: "new" | "consulted" | "documents" | "with_lender" = "new", lang = "mn") {
    const at = kst("2026-11-26T10:00").toISOString();
    const id = await consultationRow(handle.db, PHONE, at, NAME, { status, lang });
    const token = await issueStatusToken(handle.db, TEST_APP_SECRET, { kind: "consultation", id, lang, now: new Date(at) });
    const link = await handle.db
      .selectFrom("request_status_links")
      .select(["id", "request_kind", "request_id"])
      .where("request_id", "=", id)
      .executeTakeFirstOrThrow();
    const phone = push.subscribe();
    await subscribeVisitor(handle.db, { ...link, request_kind: "consultation" }, { endpoint: phone.endpoint, ...phone.keys });
    return { id, token, phone };
  }

  async function drain(now: Date, instance: Alerts = alerts) {
    const worker = instance.startWorker({ pollMs: 3_600_000, now: () => now });
    await worker.drain();
    await worker.stop();
  }

  const payloads = () => push.received.map((r) => r.payload ?? "");
  /** The notifications queued for request #id, in any state. */
  const queued = (id: number) =>
    handle.db.selectFrom("alert_deliveries").select("news").where("channel", "=", "visitor").where("request_id", "=", id).execute();
  const subscriptions = (id: number) =>
    handle.db.selectFrom("visitor_push_subscriptions").select("id").where("request_id", "=", id).execute();

  /** The person's consent to give the lead to `lender`, given by phone (issue 52: the lender stage needs it). */
  async function consentTo(id: number, lender: string) {
    const form = new URLSearchParams({ method: "phone", lender, reference: "REC-1", retentionYears: "5", items: "name" });
    expect(await lenderConsentAction(handle.db, agent, id, form)).toMatchObject({ ok: true });
  }

  const EVENTS: [VisitorNews, (id: number, now: Date) => Promise<unknown>, "new" | "consulted" | "documents" | "with_lender"][] = [
    ["calling", (id, now) => announceCall(handle.db, id, now), "new"],
    ["missed", (id, now) => logCall(handle.db, agent, id, { outcome: "no_answer", callbackAt: "", note: "" }, now), "new"],
    ["callback", (id, now) => logCall(handle.db, agent, id, { outcome: "callback", callbackAt: "2026-11-27T15:00", note: "" }, now), "new"],
    ["documents", (id, now) => moveStage(handle.db, agent, "consultation", id, "consulted", { to: "documents" }, now), "consulted"],
    [
      "with_lender",
      async (id, now) => {
        await consentTo(id, "Bank");
        return moveStage(handle.db, agent, "consultation", id, "documents", { to: "with_lender", lender: "Bank" }, now);
      },
      "documents",
    ],
    [
      "decided",
      (id, now) =>
        moveStage(
          handle.db,
          agent,
          "consultation",
          id,
          "with_lender",
          { to: "approved", amount: 9_870_000, approvedOn: "2026-11-26" },
          now,
        ),
      "with_lender",
    ],
    ["closed", (id, now) => moveStage(handle.db, agent, "consultation", id, "new", { to: "closed", reason: "duplicate" }, now), "new"],
  ];

  it.each(EVENTS)(
    "%s: one notification in the request's language, with the status link and nothing personal",
    async (news, act, status) => {
      const { id, token } = await lead(status);
      const now = kst("2026-11-26T14:00");
      const result = await act(id, now);
      expect(result).not.toMatchObject({ ok: false });
      await drain(now);
      expect(push.received).toHaveLength(1);
      const payload = JSON.parse(push.received[0]!.payload!) as Record<string, string>;
      expect(payload.title).toBe(serverT("mn", "status.push.title"));
      const time = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.exec(payload.body!)?.[0] ?? "";
      expect(Boolean(time)).toBe(news === "missed" || news === "callback");
      const { phone: businessPhone } = await businessIdentity(handle.db);
      expect(payload.body).toBe(serverT("mn", `status.push.news.${news}`, { time, phone: businessPhone }));
      // "About to call" names the number we call from: the business's, never the visitor's.
      expect(payload.body!.includes(businessPhone)).toBe(news === "calling");
      expect(new URL(payload.url!).pathname + new URL(payload.url!).search).toBe(`/status/${token}?lang=mn`);
      for (const personal of [NAME, PHONE, "010-7777", "7778888", "9870000", "9,870,000", "Bank"])
        expect(push.received[0]!.payload).not.toContain(personal);
    },
  );

  it("delivers once across two instances draining at once", async () => {
    const { id } = await lead();
    const now = kst("2026-11-26T15:00");
    await announceCall(handle.db, id, now);
    const other = createSending(handle.db, testAlertConfig({ pushAllowHosts: [push.host] }), silentLogger, { secret: TEST_APP_SECRET });
    await Promise.all([drain(now), drain(now, other), drain(now), drain(now, other)]);
    expect(push.received).toHaveLength(1);
    await other.stop();
  });

  it("sends nothing between 21:00 and 08:00: news is held until 08:00, not dropped", async () => {
    const { id } = await lead();
    const night = kst("2026-11-26T22:30");
    await logCall(handle.db, agent, id, { outcome: "no_answer", callbackAt: "", note: "" }, night);
    await drain(night);
    await drain(kst("2026-11-27T07:59"));
    expect(push.received).toHaveLength(0);
    await drain(kst("2026-11-27T08:00"));
    expect(push.received).toHaveLength(1);
  });

  it("sends in the night when the visitor asked to be called inside it", async () => {
    const { id } = await lead();
    const evening = kst("2026-11-26T21:10");
    await logCall(handle.db, agent, id, { outcome: "callback", callbackAt: "2026-11-26T21:40", note: "" }, evening);
    await drain(evening);
    expect(push.received).toHaveLength(1);
  });

  it("sends at most one in 10 minutes: later news coalesces into the waiting one (the latest kind wins)", async () => {
    const { id } = await lead("consulted");
    const t0 = kst("2026-11-26T16:00");
    await announceCall(handle.db, id, t0);
    await drain(t0);
    expect(push.received).toHaveLength(1);
    const t1 = new Date(t0.getTime() + 60_000);
    await moveStage(handle.db, agent, "consultation", id, "consulted", { to: "documents" }, t1);
    await consentTo(id, "Bank");
    await moveStage(
      handle.db,
      agent,
      "consultation",
      id,
      "documents",
      { to: "with_lender", lender: "Bank" },
      new Date(t1.getTime() + 60_000),
    );
    await drain(new Date(t0.getTime() + 9 * 60_000));
    expect(push.received).toHaveLength(1);
    await drain(new Date(t0.getTime() + 10 * 60_000));
    expect(push.received).toHaveLength(2);
    const last = JSON.parse(payloads()[1]!) as { body: string };
    expect(last.body).toBe(serverT("mn", "status.push.news.with_lender"));
  });

  it("says the business's phone as it is when the notification goes (a number changed in the settings)", async () => {
    const { id } = await lead();
    const now = kst("2026-11-27T10:00");
    await announceCall(handle.db, id, now);
    const before = await readSection(handle.db, IDENTITY_SECTION);
    await writeSection(handle.db, IDENTITY_SECTION, { ...(await businessIdentity(handle.db)), phone: "1577-1234" }, now, null);
    try {
      await drain(now);
      const payload = JSON.parse(payloads()[0]!) as { body: string };
      expect(payload.body).toBe(serverT("mn", "status.push.news.calling", { phone: "1577-1234" }));
    } finally {
      if (before === null) await handle.db.deleteFrom("business_settings").where("section", "=", IDENTITY_SECTION).execute();
      else await writeSection(handle.db, IDENTITY_SECTION, JSON.parse(before), now, null);
    }
  });

  it("opening the lead from My calls is 'about to call' for its own agent in the calling hours; dialling then is the same notification", async () => {
    const { id } = await lead();
    const other = await createOperator(handle.db, `other-${dialect}@example.com`, "correct horse battery", "agent");
    const now = kst("2026-11-27T11:00");
    expect(await claim(handle.db, agent, id, now)).toBe(true);
    // Another operator's look, or the agent's own outside the calling hours, says nothing.
    expect(await announceOnOpen(handle.db, other, id, now)).toBe(false);
    expect(await announceOnOpen(handle.db, agent.operator.id, id, kst("2026-11-27T20:30"))).toBe(false);
    expect(await announceOnOpen(handle.db, agent.operator.id, id, now)).toBe(true);
    await drain(now);
    expect(push.received).toHaveLength(1);
    expect((JSON.parse(payloads()[0]!) as { body: string }).body).toContain((await businessIdentity(handle.db)).phone);
    // Opened again and dialled within 10 minutes: the visitor already knows.
    const soon = new Date(now.getTime() + 3 * 60_000);
    expect(await announceOnOpen(handle.db, agent.operator.id, id, soon)).toBe(false);
    expect(await announceCall(handle.db, id, soon)).toBe(false);
    await drain(new Date(now.getTime() + 30 * 60_000));
    expect(push.received).toHaveLength(1);
    // Half an hour on, the next call is news again.
    const later = new Date(now.getTime() + 30 * 60_000);
    expect(await announceCall(handle.db, id, later)).toBe(true);
    await drain(later);
    expect(push.received).toHaveLength(2);
  });

  it("two instances with news of one request at the same instant queue one notification", async () => {
    const { id } = await lead("consulted");
    const now = kst("2026-11-27T13:00");
    const schedule = (news: VisitorNews) =>
      handle.db.transaction().execute((trx) => scheduleVisitorNews(trx, { kind: "consultation", id }, news, { now }));
    await Promise.all([schedule("documents"), schedule("missed"), schedule("documents"), schedule("callback")]);
    expect(await queued(id)).toHaveLength(1);
    await drain(now);
    expect(push.received).toHaveLength(1);
  });

  it.runIf(dialect === "postgres")(
    "news that comes while another instance's news of the request is not yet committed joins it (one notification)",
    async () => {
      const { id } = await lead("consulted");
      const now = kst("2026-11-27T13:30");
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let scheduled!: () => void;
      const first = new Promise<void>((resolve) => (scheduled = resolve));
      // Instance A queues news and has not committed yet…
      const a = handle.db.transaction().execute(async (trx) => {
        await scheduleVisitorNews(trx, { kind: "consultation", id }, "documents", { now });
        scheduled();
        await held;
      });
      await first;
      // …when instance B's news of the same request comes: B waits for A (or, without the lock, finishes at once).
      let bDone = false;
      const b = handle.db
        .transaction()
        .execute((trx) => scheduleVisitorNews(trx, { kind: "consultation", id }, "missed", { now }))
        .then(() => (bDone = true));
      const waiting = async () => {
        const rows = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(
          handle.db,
        );
        return rows.rows[0]!.n;
      };
      await expect.poll(async () => bDone || (await waiting()) > 0, { timeout: 5_000, interval: 20 }).toBe(true);
      release();
      await Promise.all([a, b]);
      expect(await queued(id)).toEqual([{ news: "missed" }]);
      await drain(now);
      expect(push.received).toHaveLength(1);
    },
  );

  it("a push service that fails for a while gets the notification once when it is back", async () => {
    const { id, phone } = await lead();
    const now = kst("2026-11-27T14:00");
    push.answer(phone.endpoint, 503);
    await announceCall(handle.db, id, now);
    await drain(now);
    expect(push.received.filter((r) => r.payload)).toHaveLength(0);
    push.answer(phone.endpoint, 201);
    for (const minutes of [1, 5, 30, 120]) await drain(new Date(now.getTime() + minutes * 60_000));
    expect(push.received.filter((r) => r.payload)).toHaveLength(1);
    expect(push.received.length).toBeGreaterThanOrEqual(2);
  });

  it("deletes a subscription the push service reports gone (410)", async () => {
    const { id, phone } = await lead();
    push.answer(phone.endpoint, 410);
    const now = kst("2026-11-26T17:00");
    await announceCall(handle.db, id, now);
    await drain(now);
    expect(await subscriptions(id)).toHaveLength(0);
    const row = await handle.db
      .selectFrom("alert_deliveries")
      .select("status")
      .where("request_id", "=", id)
      .where("channel", "=", "visitor")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
  });

  it("erasure deletes the request's subscriptions", async () => {
    const { id } = await lead();
    expect(await subscriptions(id)).toHaveLength(1);
    await handle.db.transaction().execute((trx) => eraseRequests(trx, { consultation: [id] }));
    expect(await subscriptions(id)).toHaveLength(0);
  });

  it("retention deletes the subscriptions of the requests it deletes", async () => {
    const { id } = await lead();
    expect(await subscriptions(id)).toHaveLength(1);
    await runRetention(handle.db, new Date("2031-01-01T00:00:00Z"));
    expect(await subscriptions(id)).toHaveLength(0);
  });

  it("the status page's post subscribes and stops a phone, and refuses a bad subscription with 400", async () => {
    const { id, token } = await lead();
    const post = async (fields: Record<string, string>) =>
      formOutcome(
        await (statusAction as (a: unknown) => Promise<unknown>)({
          request: new Request(`http://localhost/status/${token}?lang=mn`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields),
          }),
          params: { token },
          context: testContext(testServices(handle.db), "mn"),
        }),
      );
    const good = { endpoint: "https://fcm.googleapis.com/fcm/send/abc123def456", p256dh: "B".repeat(87), auth: "A".repeat(22) };
    expect(await post({ intent: "push_subscribe", ...good })).toMatchObject({ status: 200 });
    expect(await subscriptions(id)).toHaveLength(2);
    for (const bad of [
      { ...good, endpoint: "http://fcm.googleapis.com/fcm/send/abc" },
      { ...good, endpoint: "not a url" },
      { ...good, p256dh: "!!!" },
      { ...good, auth: "A".repeat(200) },
      { endpoint: good.endpoint },
    ])
      expect(await post({ intent: "push_subscribe", ...bad })).toMatchObject({ status: 400 });
    expect(await subscriptions(id)).toHaveLength(2);
    expect(await post({ intent: "push_unsubscribe", endpoint: good.endpoint })).toMatchObject({ status: 200 });
    expect(await subscriptions(id)).toHaveLength(1);
  });
});
