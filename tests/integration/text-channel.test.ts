import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { TEST_APP_SECRET } from "#tests/support/services.ts";
import { startFakeSolapi, type FakeSolapi } from "#tests/support/fake-solapi.ts";
import { silentLogger, type Logger } from "#app/lib/logger.server.ts";
import { createOutbox, type Outbox } from "#app/outbox/outbox.server.ts";
import { deliverDue } from "#app/outbox/worker.server.ts";
import { textMonths } from "#app/features/reports/reports.server.ts";
import { seoulDay } from "#app/lib/seoul-time.ts";
import { queueText, setTextSecret, type TextMessage } from "#app/outbox/text.server.ts";
import { pollTextReports, registerTexts, type TextSettings } from "#app/outbox/text/channel.server.ts";
import { createSolapi, solapiAuthorization } from "#app/outbox/text/solapi.server.ts";

/**
 * The text channel against the local fake of SOLAPI (issue 49, done-when):
 * the signature, 알림톡 then SMS when 알림톡 is refused, quiet nights with fixed
 * clocks, once only with two instances, retries after the provider's 503,
 * and delivery reports; numbers masked in every log line.
 */
const DAY = new Date("2026-11-30T05:00:00.000Z"); // 14:00 in Korea
const NIGHT = new Date("2026-11-30T13:30:00.000Z"); // 22:30 in Korea
const MORNING = new Date("2026-11-30T23:00:30.000Z"); // 08:00:30 in Korea
const SETTINGS: TextSettings = {
  from: "0212345678",
  kakaoChannelId: "KA01PF-FAKE",
  templates: { status_link: { en: "KA01TP-LINK-EN", vi: "KA01TP-LINK-VI" }, call_notice: { en: "KA01TP-CALL-EN" } },
};

function recordingLogger(lines: string[]): Logger {
  const write = (event: string, fields: Record<string, unknown> = {}) => void lines.push(JSON.stringify({ event, ...fields }));
  return {
    ...silentLogger,
    info: write,
    warn: write,
    error: (event: string, fields?: Record<string, unknown>) => write(event, fields),
  } as Logger;
}

describe.each(DIALECTS)("the text channel against the fake SOLAPI on %s", (dialect) => {
  let handle: TestDatabase;
  let fake: FakeSolapi;
  let lines: string[];
  let seq = 100;
  const outboxes: Outbox[] = [];
  const instance = (settings = SETTINGS, secret = "FAKESECRET") => {
    const log = recordingLogger(lines);
    const outbox = createOutbox(handle.db, log);
    registerTexts(outbox, {
      provider: createSolapi({ apiKey: "FAKEKEY", apiSecret: secret, baseUrl: fake.url }),
      settings,
      secret: TEST_APP_SECRET,
      log,
    });
    outboxes.push(outbox);
    return { outbox, run: (now: Date) => deliverDue({ db: handle.db, deliver: outbox.deliver, log, now }) };
  };
  const link = (to = "01012345678", locale: TextMessage["locale"] = "en"): TextMessage => ({
    kind: "status_link",
    to,
    locale,
    params: { link: `https://loans.example.com/s/token-${++seq}?lang=${locale}` },
    request: { kind: "consultation", id: ++seq },
  });
  const row = (id: number) => handle.db.selectFrom("alert_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    setTextSecret(TEST_APP_SECRET);
    fake = await startFakeSolapi();
  }, 30_000);
  afterEach(async () => {
    for (const o of outboxes.splice(0)) await o.stop();
    fake.refuseAlimtalk = false;
    fake.failNext(0);
  });
  afterAll(async () => {
    await fake.close();
    await handle.cleanup();
  });

  it("signs each request as SOLAPI checks it; a wrong secret is refused and the row waits", async () => {
    lines = [];
    expect(solapiAuthorization("K", "S", "2026-11-30T05:00:00.000Z", "0123456789abcdef")).toMatch(
      /^HMAC-SHA256 apiKey=K, date=2026-11-30T05:00:00.000Z, salt=0123456789abcdef, signature=[0-9a-f]{64}$/,
    );
    const id = await queueText(handle.db, link(), DAY);
    const before = fake.messages.length;
    expect(await instance(SETTINGS, "WRONG").run(DAY)).toBe(0);
    expect(fake.refusals).toContain("SignatureDoesNotMatch");
    expect(fake.messages.length).toBe(before);
    // Refused by the provider's signature check: not worth retrying as it is.
    expect((await row(id)).status).toBe("failed");

    const good = await queueText(handle.db, link(), DAY);
    expect(await instance().run(DAY)).toBe(1);
    const sent = fake.messages.at(-1)!;
    expect(sent).toMatchObject({
      type: "ATA",
      to: "01012345678",
      from: "0212345678",
      kakaoOptions: { pfId: "KA01PF-FAKE", templateId: "KA01TP-LINK-EN", disableSms: true },
    });
    expect(sent.text).toContain("We have received your request");
    expect(sent.kakaoOptions!.variables!["#{link}"]).toMatch(/^https:\/\/loans\.example\.com\/s\//);
    expect(await row(good)).toMatchObject({ status: "delivered", payload: null, provider_ref: sent.messageId, cost_won: 13 });
    expect(lines.join("\n")).not.toMatch(/12345678/);
    expect(lines.join("\n")).toContain("010-****-5678");
  });

  it("falls back to SMS in KS X 1001 when 알림톡 is refused, and when no template is set", async () => {
    lines = [];
    fake.refuseAlimtalk = true;
    const id = await queueText(handle.db, link("01099990000", "vi"), DAY);
    expect(await instance().run(DAY)).toBe(1);
    const sms = fake.messages.at(-1)!;
    expect(sms.type).toMatch(/^(SMS|LMS)$/);
    expect(sms.text).toMatch(/^Chung toi da nhan yeu cau cua ban\. Xem tinh trang: https:/);
    expect((await row(id)).status).toBe("delivered");
    // The provider's refusal named the number: the log line shows it masked.
    expect(lines.join("\n")).not.toMatch(/01099990000|99990000/);
    fake.refuseAlimtalk = false;
    // Mongolian has no template here: straight to SMS, in Latin letters.
    await queueText(handle.db, link("01099990001", "mn"), DAY);
    expect(await instance().run(DAY)).toBe(1);
    expect(fake.messages.at(-1)).toMatchObject({ text: expect.stringMatching(/^Tany khuseltiig khuleen avlaa/) });
  });

  it("holds the status link through the quiet night and sends it at 08:00 Korea time; a code goes at night", async () => {
    const held = await queueText(handle.db, link("01055556666"), NIGHT);
    const code = await queueText(handle.db, { kind: "code", to: "01055556666", locale: "en", params: { code: "482913" } }, NIGHT);
    const before = fake.messages.length;
    expect(await instance().run(new Date(NIGHT.getTime() + 60_000))).toBe(1);
    expect(fake.messages.slice(before)).toEqual([
      expect.objectContaining({ type: "SMS", text: "Your code is 482913. Valid for 5 minutes. Do not share it." }),
    ]);
    expect((await row(held)).status).toBe("pending");
    expect(await instance().run(MORNING)).toBe(1);
    expect((await row(held)).status).toBe("delivered");
    expect((await row(code)).status).toBe("delivered");
  });

  it("retries after the provider's 503 with backoff, and sends once", async () => {
    const id = await queueText(handle.db, link("01077778888"), DAY);
    fake.failNext(2, 503);
    const before = fake.messages.length;
    const { run } = instance();
    expect(await run(DAY)).toBe(0);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 1, last_error: "SOLAPI HTTP 503" });
    // Not before its retry time (10 s after the first failure)…
    expect(await run(new Date(DAY.getTime() + 5_000))).toBe(0);
    expect(await run(new Date(DAY.getTime() + 11_000))).toBe(0);
    expect((await row(id)).attempts).toBe(2);
    // …then through, once.
    expect(await run(new Date(DAY.getTime() + 60_000))).toBe(1);
    expect(fake.messages.length).toBe(before + 1);
    expect(await run(new Date(DAY.getTime() + 120_000))).toBe(0);
  });

  it("sends each text once with two instances draining at the same time", async () => {
    const before = fake.messages.length;
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) => queueText(handle.db, link(`0103000${String(i).padStart(4, "0")}`), DAY)),
    );
    const [a, b] = [instance(), instance()];
    const [x, y] = await Promise.all([a.run(DAY), b.run(DAY)]);
    expect(x + y).toBe(30);
    const received = fake.messages.slice(before).map((m) => m.to);
    expect(received).toHaveLength(30);
    expect(new Set(received).size).toBe(30);
    expect(new Set(ids).size).toBe(30);
  });

  it("records the delivery reports: delivered, or failed with the carrier's reason", async () => {
    const ok = await queueText(handle.db, link("01040004000"), DAY);
    const bad = await queueText(handle.db, link("01040004001"), DAY);
    const provider = createSolapi({ apiKey: "FAKEKEY", apiSecret: "FAKESECRET", baseUrl: fake.url });
    await instance().run(DAY);
    fake.failDelivery((await row(bad)).provider_ref!);
    fake.deliverAll();
    expect(await pollTextReports(handle.db, provider, DAY)).toBeGreaterThanOrEqual(2);
    expect(await row(ok)).toMatchObject({ report_status: "delivered", reported_at: expect.any(String) });
    expect(await row(bad)).toMatchObject({ report_status: "failed", last_error: "SOLAPI 3059" });
    // Reported: not asked again.
    expect(await pollTextReports(handle.db, provider, DAY)).toBe(0);
  });

  it("counts the texts per Korean month with their cost for the reports page (issue 49 item 5)", async () => {
    const day = seoulDay(DAY);
    const month = async () => (await textMonths(handle.db, { from: day, to: day })).find((m) => m.month === day.slice(0, 7));
    const before = (await month()) ?? { sent: 0, delivered: 0, failed: 0, costWon: 0 };
    const ok = await queueText(handle.db, link("01050005000"), DAY);
    const bad = await queueText(handle.db, link("01050005001"), DAY);
    await instance().run(DAY);
    fake.failDelivery((await row(bad)).provider_ref!);
    fake.deliverAll();
    await pollTextReports(handle.db, createSolapi({ apiKey: "FAKEKEY", apiSecret: "FAKESECRET", baseUrl: fake.url }), DAY);
    const cost = (await row(ok)).cost_won! + (await row(bad)).cost_won!;
    expect(cost).toBeGreaterThan(0);
    expect(await month()).toEqual({
      month: day.slice(0, 7),
      sent: before.sent + 2,
      delivered: before.delivered + 1,
      failed: before.failed + 1,
      costWon: before.costWon + cost,
    });
  });
});
