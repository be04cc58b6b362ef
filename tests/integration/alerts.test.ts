import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testAlertConfig, testContext, testServices } from "#tests/support/services.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { createOperator } from "#tests/support/admin.ts";
import {
  closedOrigin,
  mailParts,
  startFakePushService,
  startSmtpServer,
  startWebhookReceiver,
  validSignature,
} from "#tests/support/alert-receivers.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { createAlerts, type Alerts } from "#app/features/alerts/alerts.server.ts";
import type { AlertConfig } from "#app/features/alerts/config.server.ts";
import { claimDue } from "#app/outbox/queue.server.ts";
import { GIVE_UP_AFTER_MS } from "#app/outbox/policy.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { action as proposalCreate } from "#app/routes/svc.proposal.ts";
import { action as purchaseCreate } from "#app/routes/svc.purchase.ts";
import { action as contactUsAction } from "#app/routes/company.contact-us.tsx";

/**
 * Issue 12: every accepted request writes its alert rows in its own
 * transaction; the worker delivers them through real peers (an HTTP webhook
 * receiver, an SMTP server, a fake push service that decrypts the payload),
 * retries on failure and delivers once.
 */
const SECRET = "webhook-secret-0123456789";
const PERSONAL = ["NGUYEN", "01012345678", "Hanoi street 7", "Partner Co", "call me"];

describe.each(DIALECTS)("alerts on %s", (dialect) => {
  let handle: TestDatabase;
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  let operatorId: number;
  let clock: Date;
  const cleanups: (() => Promise<void>)[] = [];

  let closed: string;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    closed = await closedOrigin();
    [webhook, smtp, push] = await Promise.all([startWebhookReceiver(), startSmtpServer(), startFakePushService()]);
    operatorId = await createOperator(handle.db, "ops@example.com", "correct horse battery");
  });
  afterAll(async () => {
    await Promise.all([webhook.close(), smtp.close(), push.close()]);
    await handle.cleanup();
  });
  beforeEach(async () => {
    for (const stop of cleanups.splice(0)) await stop();
    for (const table of [
      "alert_deliveries",
      "push_subscriptions",
      "consent_records",
      "consultation_answer_items",
      "consultation_answers",
      "proposals",
      "purchase_requests",
    ] as const) {
      await handle.db.deleteFrom(table).execute();
    }
    await handle.db.updateTable("admin_operators").set({ disabled_at: null }).execute();
    webhook.received.length = 0;
    smtp.messages.length = 0;
    push.received.length = 0;
    webhook.failNext(0);
    // A little ahead of the wall clock: rows written by the test are due at once.
    clock = new Date(Date.now() + 1_000);
  });

  function alertsWith(overrides: Partial<AlertConfig> = {}): Alerts {
    const alerts = createAlerts(
      handle.db,
      testAlertConfig({
        webhook: { url: webhook.url, secret: SECRET },
        email: { smtpUrl: smtp.url, to: ["ops@example.com", "boss@example.com"], from: "Alerts <alerts@example.com>" },
        pushAllowHosts: [push.host],
        ...overrides,
      }),
      silentLogger,
    );
    cleanups.push(() => alerts.stop());
    return alerts;
  }
  /** A worker on a clock the test moves (retry delays without waiting). */
  function worker(alerts: Alerts) {
    return alerts.startWorker({ now: () => clock, pollMs: 3_600_000 });
  }
  async function subscribeDevice(forOperator = operatorId) {
    const device = push.subscribe();
    const row = await handle.db
      .insertInto("push_subscriptions")
      .values({
        operator_id: forOperator,
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ...device, id: row.id };
  }
  const deliveries = () => handle.db.selectFrom("alert_deliveries").selectAll().orderBy("id").execute();
  const consultation = (alerts: Alerts, submissionId = "alert-0001-aaaa") =>
    callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", sampleConsultation({ submissionId, phone: "01012345678" })),
      testContext(testServices(handle.db, { alerts }), "vi"),
    );

  it("writes one row per channel and recipient with the request, and none for a duplicate submission", async () => {
    const alerts = alertsWith();
    await subscribeDevice();
    const first = await consultation(alerts);
    expect(first.status).toBe(200);
    const rows = await deliveries();
    expect(rows.map((r) => `${r.channel}:${r.recipient === "webhook" || r.channel === "email" ? r.recipient : "device"}`).sort()).toEqual([
      "email:boss@example.com",
      "email:ops@example.com",
      "push:device",
      "webhook:webhook",
    ]);
    expect(rows.every((r) => r.request_kind === "consultation" && r.request_lang === "vi" && r.status === "pending")).toBe(true);
    // The same submission again: stored once, alerted once.
    expect((await consultation(alerts)).status).toBe(200);
    expect(await deliveries()).toHaveLength(4);
  });

  it("schedules alerts for all four kinds, from the API and from the no-JavaScript form", async () => {
    const alerts = alertsWith({ email: null });
    const services = testServices(handle.db, { alerts });
    const proposal = {
      proposer_name: "Partner Co",
      proposer_phone: "0212345678",
      proposer_email: "p@example.com",
      proposal_content: "call me",
      submission_id: "prop-0001-aaaa",
    };
    expect((await callAction(proposalCreate, jsonRequest("/svc/proposal/create", proposal), testContext(services))).status).toBe(200);
    const purchase = {
      applicant_name: "NGUYEN",
      contact_phone: "01012345678",
      applicant_addr: "Hanoi street 7",
      inquiry_content: "price?",
      submission_id: "purc-0001-aaaa",
    };
    expect((await callAction(purchaseCreate, jsonRequest("/svc/purchase/create", purchase), testContext(services))).status).toBe(200);
    const form = new URLSearchParams({
      proposer_name: "Form Co",
      proposer_phone: "0311112222",
      proposer_email: "f@example.com",
      proposal_content: "hello",
      agree: "on",
      submission_id: "prop-0002-bbbb",
    });
    const formRequest = new Request("http://localhost/company/contact-us", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    const formResult = (await contactUsAction({ request: formRequest, context: testContext(services), params: {} } as never)) as {
      data: { status: string };
    };
    expect(formResult.data.status).toBe("sent");
    expect((await deliveries()).map((r) => r.request_kind)).toEqual(["proposal", "purchase", "proposal"]);
  });

  it("a request that fails to store schedules nothing; an alert that cannot be written fails nothing the visitor sees later", async () => {
    const alerts = alertsWith();
    const failing = handle.db.withPlugin({
      transformQuery({ node }) {
        if (
          node.kind === "InsertQueryNode" &&
          (node as { into?: { table: { identifier: { name: string } } } }).into?.table.identifier.name === "consent_records"
        )
          throw new Error("simulated");
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const res = await callAction(
      answerCreate,
      jsonRequest("/x", sampleConsultation({ submissionId: "fail-0001-aaaa" })),
      testContext(testServices(failing, { alerts })),
    );
    expect(res.status).toBe(500);
    expect(await deliveries()).toHaveLength(0);
  });

  it("delivers by webhook (signed), e-mail and Web Push (aes128gcm, VAPID for the push service's origin), without personal data", async () => {
    const alerts = alertsWith();
    const device = await subscribeDevice();
    const w = worker(alerts);
    await consultation(alerts);
    await w.drain();

    expect((await deliveries()).map((r) => r.status)).toEqual(["delivered", "delivered", "delivered", "delivered"]);
    const [hook] = webhook.received;
    expect(hook).toBeDefined();
    expect(validSignature(SECRET, hook!.raw, hook!.signature)).toBe(true);
    const id = (await handle.db.selectFrom("consultation_answers").select("id").executeTakeFirstOrThrow()).id;
    expect(hook!.json).toMatchObject({
      event: "request.created",
      kind: "consultation",
      id,
      lang: "vi",
      url: `https://console.example.com/admin/requests/consultation/${id}`,
    });
    expect(Object.keys(hook!.json).sort()).toEqual(["created_at", "event", "id", "kind", "lang", "text", "url"]);
    expect(String(hook!.json.text)).toContain("베트남어");
    expect(String(hook!.json.text)).not.toMatch(/\n/);

    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(["boss@example.com", "ops@example.com"]);
    const mail = mailParts(smtp.messages[0]!.raw);
    expect(mail.subject).toBe(`새 대출 상담 신청 #${id}`);
    expect(mail.parts["text/plain"]).toContain(`콘솔에서 열기: https://console.example.com/admin/requests/consultation/${id}`);
    expect(mail.parts["text/html"]).toContain(`<a href="https://console.example.com/admin/requests/consultation/${id}">`);

    const [delivered] = push.received;
    expect(delivered!.path).toBe(new URL(device.endpoint).pathname);
    expect(delivered!.contentEncoding).toBe("aes128gcm");
    expect(delivered!.vapid).toMatchObject({ aud: push.origin, key: testAlertConfig().vapid.publicKey });
    const payload = JSON.parse(delivered!.payload!) as { title: string; url: string };
    expect(payload.url).toBe(`https://console.example.com/admin/requests/consultation/${id}`);
    expect(payload.title).toContain("대출 상담");

    for (const text of [hook!.raw, mail.subject, ...Object.values(mail.parts), delivered!.payload!])
      for (const personal of PERSONAL) expect(text).not.toContain(personal);
  });

  it("retries a failing channel with growing delays and delivers exactly once when it recovers", async () => {
    const alerts = alertsWith({ email: null });
    const w = worker(alerts);
    webhook.failNext(3);
    await consultation(alerts);
    await w.drain();
    let [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_error: "HTTP 503" });
    expect(Date.parse(row!.next_attempt_at) - clock.getTime()).toBe(10_000);
    // Not due yet: nothing is sent.
    await w.drain();
    expect(webhook.hits).toBeGreaterThanOrEqual(1);
    const hitsBefore = webhook.hits;
    await w.drain();
    expect(webhook.hits).toBe(hitsBefore);
    for (const wait of [10_000, 30_000]) {
      clock = new Date(clock.getTime() + wait);
      await w.drain();
    }
    [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", attempts: 3 });
    expect(Date.parse(row!.next_attempt_at) - clock.getTime()).toBe(120_000);
    clock = new Date(clock.getTime() + 120_000);
    await w.drain();
    [row] = await deliveries();
    expect(row).toMatchObject({ status: "delivered", attempts: 4 });
    expect(row!.first_failed_at).not.toBeNull();
    expect(webhook.received).toHaveLength(1);
    clock = new Date(clock.getTime() + 3_600_000);
    await w.drain();
    expect(webhook.received).toHaveLength(1);
  });

  it("gives up after 24 hours and keeps the reason", async () => {
    const alerts = alertsWith({ email: null, webhook: { url: `${closed}/closed`, secret: "" } });
    const w = worker(alerts);
    await consultation(alerts);
    const start = clock.getTime();
    for (let i = 0; i < 40 && clock.getTime() - start <= GIVE_UP_AFTER_MS + 3_600_000; i++) {
      await w.drain();
      clock = new Date(clock.getTime() + 3_600_000);
    }
    const [row] = await deliveries();
    expect(row!.status).toBe("failed");
    expect(row!.last_error).toMatch(/network/);
    expect(row!.attempts).toBeGreaterThan(20);
  });

  it("a push service that answers 410 removes the subscription; a disabled operator's devices get nothing", async () => {
    const alerts = alertsWith({ email: null, webhook: null });
    const gone = await subscribeDevice();
    push.answer(gone.endpoint, 410);
    const w = worker(alerts);
    await consultation(alerts, "gone-0001-aaaa");
    await w.drain();
    expect((await deliveries()).map((r) => r.status)).toEqual(["cancelled"]);
    expect(await handle.db.selectFrom("push_subscriptions").selectAll().execute()).toHaveLength(0);

    await subscribeDevice();
    await handle.db.updateTable("admin_operators").set({ disabled_at: new Date().toISOString() }).where("id", "=", operatorId).execute();
    await consultation(alerts, "dis-0001-aaaa");
    expect(await deliveries()).toHaveLength(1);
  });

  it("a row claimed by a worker that died is taken over when its lease runs out", async () => {
    const alerts = alertsWith({ email: null });
    await consultation(alerts);
    const dead = await claimDue(handle.db, { token: "dead-worker", limit: 10, leaseMs: 60_000, now: clock });
    expect(dead).toHaveLength(1);
    const w = worker(alerts);
    await w.drain();
    expect(webhook.received).toHaveLength(0);
    clock = new Date(clock.getTime() + 60_001);
    await w.drain();
    expect(webhook.received).toHaveLength(1);
    expect((await deliveries())[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("the worker wakes at once when a request is stored", async () => {
    const alerts = alertsWith({ email: null });
    alerts.startWorker({ pollMs: 3_600_000 });
    await consultation(alerts);
    await expect.poll(() => webhook.received.length, { timeout: 2_000, interval: 20 }).toBe(1);
  });

  it("test alerts go straight through every configured channel and say why one fails", async () => {
    const device = await subscribeDevice();
    const results = await alertsWith({ webhook: { url: `${closed}/closed`, secret: "" } }).testChannels();
    expect(results.map((r) => [r.channel, r.result.ok])).toEqual([
      ["webhook", false],
      ["email", true],
      ["email", true],
      ["push", true],
    ]);
    expect(results[0]!.result).toMatchObject({ reason: expect.stringMatching(/network/) });
    expect(JSON.parse(push.received.at(-1)!.payload!)).toMatchObject({ url: "https://console.example.com/admin/notifications" });
    expect(device.id).toBeGreaterThan(0);
  });
});
