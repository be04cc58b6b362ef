import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testAlertConfig, testContext, testServices, TEST_APP_SECRET } from "#tests/support/services.ts";
import { startFakeSolapi, type FakeSolapi } from "#tests/support/fake-solapi.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { deliverDue } from "#app/outbox/worker.server.ts";
import { pollTextReports } from "#app/outbox/text/channel.server.ts";
import { createSending, type Sending } from "#server/outbox.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { announceCall } from "#app/features/pipeline/calls.server.ts";
import { businessIdentityOrLast } from "#app/business/identity.server.ts";
import { renderLegalDocument } from "#app/features/legal/documents.server.ts";
import { legalFactsOf } from "#app/features/products/products.server.ts";
import { onTextQueued, textsOfRequest } from "#app/outbox/text.server.ts";
import { loader as formLoader } from "#app/routes/loan-consultation.tsx";

/**
 * Texts from what happens to a request (issue 49 item 2): a consultation with
 * a mobile number queues its status link in the visitor's language in the
 * request's own transaction (a retried submission queues none), and the
 * agent's tap to dial queues "we are about to call you from {phone}", not in
 * the quiet night. Against the fake SOLAPI, with no 알림톡 template: by SMS/LMS.
 */
const answers = (phone: string) =>
  Object.entries({ 1: "yes", 2: "E-9", 3: "2027/03/15", 4: "Viet Nam", 5: "NGUYEN VAN A", 6: phone }).map(([seq, content]) => ({
    question_seq: Number(seq),
    answer_content: content,
  }));

describe.each(DIALECTS)("texts from requests on %s", (dialect) => {
  let handle: TestDatabase;
  let fake: FakeSolapi;
  let sending: Sending;
  const drain = (now = new Date()) => deliverDue({ db: handle.db, deliver: sending.outbox.deliver, log: silentLogger, now });
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    fake = await startFakeSolapi();
    sending = createSending(handle.db, testAlertConfig(), silentLogger, {
      secret: TEST_APP_SECRET,
      text: {
        solapi: { apiKey: "FAKEKEY", apiSecret: "FAKESECRET", baseUrl: fake.url },
        settings: { from: "0212345678", kakaoChannelId: null, templates: {} },
      },
    });
  }, 30_000);
  afterAll(async () => {
    await sending.stop();
    await fake.close();
    await handle.cleanup();
  });

  const post = (id: string, phone: string, locale: "vi" | "en" = "vi") =>
    callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", { submission_id: id, marketing_yn: "N", agree_yn: "Y", answer_list: answers(phone) }),
      testContext(testServices(handle.db, { alerts: sending }), locale),
    );

  it("sends the status link by text in the visitor's language, once per request", async () => {
    const first = await post("7d0e6b1c-1111-4a2b-9c3d-000000000001", "010-2222-3333");
    expect(first.status).toBe(200);
    await post("7d0e6b1c-1111-4a2b-9c3d-000000000001", "010-2222-3333");
    expect(await drain()).toBe(1);
    const texts = fake.messages.filter((m) => m.to === "01022223333");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toMatch(
      /^Chung toi da nhan yeu cau cua ban\. Xem tinh trang: https:\/\/console\.example\.com\/status\/[\w-]+\?lang=vi$/,
    );
    expect(texts[0]!.type).toBe("LMS");
    // The request's console page shows it sent, then delivered once the provider reports it.
    const lead = await handle.db
      .selectFrom("consultation_answers")
      .select("id")
      .where("submission_id", "=", "7d0e6b1c-1111-4a2b-9c3d-000000000001")
      .executeTakeFirstOrThrow();
    expect(await textsOfRequest(handle.db, { kind: "consultation", id: lead.id })).toEqual([
      expect.objectContaining({ kind: "status_link", to: "010-****-3333", state: "sent" }),
    ]);
    fake.deliverAll();
    await pollTextReports(handle.db, sending.textProvider!);
    expect(await textsOfRequest(handle.db, { kind: "consultation", id: lead.id })).toEqual([
      expect.objectContaining({ state: "delivered" }),
    ]);
  });

  it("names the text provider as a processor in the privacy policy while the channel is on, and not when it is off", async () => {
    const privacy = async () => (await renderLegalDocument(handle.db, "privacy", "ko", legalFactsOf(handle.db)))!.html;
    expect(await privacy()).toContain("주식회사 누리고(SOLAPI)");
    onTextQueued(null);
    try {
      expect(await privacy()).not.toContain("SOLAPI");
    } finally {
      onTextQueued(() => sending.outbox.wake());
    }
  });

  it("says on the form that the link and the call notice come by 알림톡 or text while the channel is on", async () => {
    const page = async () =>
      (await (formLoader as unknown as (a: unknown) => Promise<{ texts: boolean }>)({
        request: new Request("http://localhost/loan-consultation"),
        context: testContext(testServices(handle.db, { alerts: sending }), "en"),
        params: {},
      })) as { texts: boolean };
    expect((await page()).texts).toBe(true);
    onTextQueued(null);
    try {
      expect((await page()).texts).toBe(false);
    } finally {
      onTextQueued(() => sending.outbox.wake());
    }
  });

  it("sends nothing to a number that is not a mobile", async () => {
    const before = fake.messages.length;
    await post("7d0e6b1c-1111-4a2b-9c3d-000000000002", "02-123-4567");
    await drain();
    expect(fake.messages.length).toBe(before);
  });

  it("tells the visitor we are about to call, from the business's number, when the agent taps to dial; not in the quiet night", async () => {
    await post("7d0e6b1c-1111-4a2b-9c3d-000000000003", "010-4444-5555", "en");
    await drain();
    const lead = await handle.db
      .selectFrom("consultation_answers")
      .select("id")
      .where("submission_id", "=", "7d0e6b1c-1111-4a2b-9c3d-000000000003")
      .executeTakeFirstOrThrow();
    const night = new Date("2026-11-30T13:30:00.000Z");
    expect(await announceCall(handle.db, lead.id, night)).toBe(false);
    const day = new Date("2026-11-30T05:00:00.000Z");
    expect(await announceCall(handle.db, lead.id, day)).toBe(true);
    expect(await announceCall(handle.db, lead.id, new Date(day.getTime() + 60_000))).toBe(true);
    expect(await drain(new Date(day.getTime() + 120_000))).toBe(1);
    const { phone } = await businessIdentityOrLast(handle.db);
    const calls = fake.messages.filter((m) => m.to === "01044445555" && m.text.startsWith("We are about to call"));
    expect(calls).toEqual([expect.objectContaining({ type: "SMS", text: `We are about to call you from ${phone}.` })]);
  });
});
