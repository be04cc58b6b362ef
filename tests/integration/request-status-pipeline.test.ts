import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { createOperator } from "#tests/support/admin.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { hashToken } from "#app/requests/status-link.server.ts";
import { loadStatus, statusPageData } from "#app/features/request-status/page.server.ts";
import { CALLBACK_ALERT_KIND, rescheduleCall } from "#app/features/request-status/actions.server.ts";
import { logCall, schedule } from "#app/features/pipeline/calls.server.ts";
import { fromSeoulLocal, type CallInput } from "#app/features/pipeline/calls.ts";
import { claim, myCalls } from "#app/features/pipeline/my-calls.server.ts";
import { alertDueCallbacks } from "#app/features/pipeline/callback-alerts.server.ts";
import { moveStage } from "#app/features/pipeline/pipeline.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { seoulDay } from "#app/lib/seoul-time.ts";

/**
 * Issue 28 on the pipeline of issue 26 (ADR 0033, ADR 0028): the status page
 * reads the consultation's calls — "we tried to call you at 14:10; we will
 * try again at 14:20" after an unanswered attempt, the call-back time once
 * one is asked — and "Call me at another time" is the pipeline's call-back:
 * the schedule moves, the "call-back due" alert is armed again, and only the
 * lead's agent is told at once (every operator while no one has the lead).
 * Times are Seoul times on a fixed clock: Tuesday 1 December 2026.
 */
const kst = (local: string) => fromSeoulLocal(local)!;
const NAME = "PIPELINE VISITOR";
const NOTE = "SECRET OPERATOR NOTE";

describe.each(DIALECTS)("the status page and the pipeline on %s", (dialect) => {
  let handle: TestDatabase;
  let agent: { operator: { id: number; email: string } };
  let other: { operator: { id: number; email: string } };
  const devices: Record<string, number[]> = {};
  const app = () => testServices(handle.db);

  async function device(operatorId: number) {
    const { id } = await handle.db
      .insertInto("push_subscriptions")
      .values({
        operator_id: operatorId,
        endpoint: `https://push.example.com/${randomUUID()}`,
        p256dh: "p256dh",
        auth: "auth",
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  }

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    const a = await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    const b = await createOperator(handle.db, "other@example.com", "correct horse battery", "agent");
    agent = { operator: { id: a, email: "agent@example.com" } };
    other = { operator: { id: b, email: "other@example.com" } };
    // The agent has a phone and a laptop; the other agent one phone.
    devices.agent = [await device(a), await device(a)];
    devices.other = [await device(b)];
  });
  afterAll(async () => handle.cleanup());
  beforeEach(async () => {
    await handle.db.deleteFrom("alert_deliveries").execute();
  });

  /** A consultation sent through the API: its status token and id. */
  async function consultation(phone = "01012345678") {
    const res = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", sampleConsultation({ submissionId: randomUUID(), name: NAME, phone })),
      testContext(app(), "vi"),
    );
    const url = (res.json.data as { status_url: string }).status_url;
    const token = /\/status\/([\w-]{43})/.exec(url)![1]!;
    const { request_id: id } = await handle.db
      .selectFrom("request_status_links")
      .select("request_id")
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirstOrThrow();
    return { token, id };
  }

  /** The page's data as the loader makes it, at a Seoul time. */
  async function page(token: string, at: string, lang: Locale = "en") {
    const context = testContext(app(), lang);
    const now = kst(at);
    const loaded = await loadStatus(context, token, now);
    expect(loaded).not.toBeNull();
    return statusPageData(context, loaded!, now);
  }

  /** The line that says what happens next (the second of a consultation being called). */
  const nextLine = async (token: string, at: string, lang: Locale = "en") => (await page(token, at, lang)).view.lines[1];

  async function call(id: number, outcome: CallInput["outcome"], at: string, callbackAt = "") {
    expect(await logCall(handle.db, agent, id, { outcome, note: NOTE, callbackAt }, kst(at))).toMatchObject({ ok: true });
  }

  const alertRows = () =>
    handle.db.selectFrom("alert_deliveries").selectAll().where("request_kind", "=", CALLBACK_ALERT_KIND).orderBy("id").execute();

  const dueAlerts = (id: number) =>
    handle.db.selectFrom("alert_deliveries").select("id").where("request_kind", "=", "callback_due").where("request_id", "=", id).execute();

  it("says when we tried and when we will try again after an unanswered call, then the call-back time asked by phone", async () => {
    const { token, id } = await consultation();
    expect(await claim(handle.db, agent, id, kst("2026-12-01T14:00"))).toBe(true);
    expect(await nextLine(token, "2026-12-01T14:05")).toMatchObject({ key: "status.next.callSoon" });

    // No answer at 14:10: the cadence tries again 10 minutes later.
    await call(id, "no_answer", "2026-12-01T14:10");
    const shown = await page(token, "2026-12-01T14:12");
    expect(shown.view.stage).toBe("contacting");
    expect(shown.view.lines[1]).toEqual({
      key: "status.next.tried",
      vars: { tried: "14:10", next: "Tue, Dec 1, 14:20", phone: expect.any(String) as string },
    });
    expect((await nextLine(token, "2026-12-01T14:12", "vi"))?.vars).toMatchObject({ tried: "14:10", next: "14:20 Thứ 3, 1 thg 12" });
    // Nothing else of the call reaches the page: not the note, not who called, not the outcome.
    const json = JSON.stringify(shown);
    for (const secret of [NOTE, agent.operator.email, "no_answer", NAME]) expect(json).not.toContain(secret);

    // Once the retry is overdue the page no longer names a time that has passed.
    expect(await nextLine(token, "2026-12-01T14:25")).toMatchObject({ key: "status.next.callSoon" });
    // Busy at 14:21: an hour later.
    await call(id, "busy", "2026-12-01T14:21");
    expect((await nextLine(token, "2026-12-01T14:30"))?.vars).toMatchObject({ tried: "14:21", next: "Tue, Dec 1, 15:21" });

    // The visitor answers and asks to be called back at 17:30: the call-back line, with that time.
    await call(id, "callback", "2026-12-01T15:22", "2026-12-01T17:30");
    expect(await nextLine(token, "2026-12-01T15:23")).toMatchObject({ key: "status.next.callback", vars: { time: "Tue, Dec 1, 17:30" } });

    // An answered call ends the schedule: nothing of it is left to say.
    await call(id, "connected", "2026-12-01T17:31");
    expect((await nextLine(token, "2026-12-01T17:32"))?.key).not.toMatch(/tried|callback/);
  });

  it("gives an attempt of an earlier day with its day", async () => {
    const { token, id } = await consultation();
    await claim(handle.db, agent, id, kst("2026-12-01T09:00"));
    for (const at of ["2026-12-01T09:00", "2026-12-01T09:11", "2026-12-01T10:12"]) await call(id, "no_answer", at);
    // The fourth unanswered call at 14:13: the next is tomorrow at 10:00.
    await call(id, "message_left", "2026-12-01T14:13");
    expect((await nextLine(token, "2026-12-02T08:00"))?.vars).toMatchObject({ tried: "Tue, Dec 1, 14:13", next: "Wed, Dec 2, 10:00" });
  });

  it("moves the pipeline's call-back when the visitor chooses another time: the agent alone is alerted, My calls and the page show it", async () => {
    const { token, id } = await consultation();
    await claim(handle.db, agent, id, kst("2026-12-01T14:00"));
    await call(id, "callback", "2026-12-01T14:10", "2026-12-01T17:30");
    // The agent was alerted for 17:30 (callback_alert_for holds that time).
    await alertDueCallbacks(handle.db, app().alerts, kst("2026-12-01T17:26"));
    expect(await dueAlerts(id)).toHaveLength(devices.agent!.length);
    await handle.db.deleteFrom("alert_deliveries").execute();

    // At 17:28 the visitor asks for Wednesday 10:00 instead.
    const slot = kst("2026-12-02T10:00").toISOString();
    expect(await rescheduleCall(app(), token, slot, kst("2026-12-01T17:28"))).toEqual({ ok: "rescheduled", at: slot });
    expect(await schedule(handle.db, id)).toMatchObject({ next_call_at: slot, next_call_asked: 1 });
    const row = await handle.db
      .selectFrom("consultation_answers")
      .select("callback_alert_for")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.callback_alert_for).toBeNull();

    // One push row per device of the lead's agent, none for the other agent, no webhook or e-mail; no personal data.
    const rows = await alertRows();
    expect(rows.map((r) => r.channel)).toEqual(["push", "push"]);
    expect(rows.map((r) => Number(r.recipient)).sort()).toEqual([...devices.agent!].sort());
    expect(rows.every((r) => r.request_id === id && r.request_created_at === slot)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(NAME);
    expect(JSON.stringify(rows)).not.toContain("01012345678");

    // The page shows the new time; My calls lists it later that day, then due.
    expect(await nextLine(token, "2026-12-01T17:29")).toMatchObject({ key: "status.next.callback", vars: { time: "Wed, Dec 2, 10:00" } });
    const morning = await myCalls(handle.db, agent.operator.id, kst("2026-12-02T09:00"));
    expect(morning.later.map((c) => c.id)).toContain(id);
    expect(morning.later.find((c) => c.id === id)).toMatchObject({ at: "2026-12-02 10:00", asked: true });
    expect((await myCalls(handle.db, agent.operator.id, kst("2026-12-02T10:01"))).due.map((c) => c.id)).toContain(id);
    expect((await myCalls(handle.db, other.operator.id, kst("2026-12-02T10:01"))).due.map((c) => c.id)).not.toContain(id);
    // …and the agent is alerted again as it comes due.
    await alertDueCallbacks(handle.db, app().alerts, kst("2026-12-02T09:56"));
    expect(await dueAlerts(id)).toHaveLength(devices.agent!.length);
  });

  it("alerts every operator when no one has the lead yet, as before", async () => {
    const { token, id } = await consultation();
    const slot = kst("2026-12-02T11:00").toISOString();
    expect(await rescheduleCall(app(), token, slot, kst("2026-12-01T17:28"))).toEqual({ ok: "rescheduled", at: slot });
    const rows = await alertRows();
    expect(rows.map((r) => Number(r.recipient)).sort()).toEqual([...devices.agent!, ...devices.other!].sort());
    expect(await schedule(handle.db, id)).toMatchObject({ next_call_at: slot, next_call_asked: 1 });
    expect(await nextLine(token, "2026-12-01T17:29")).toMatchObject({ key: "status.next.callback", vars: { time: "Wed, Dec 2, 11:00" } });
  });

  it("keeps no schedule for a number that asked not to be called, but tells the agent", async () => {
    const { token, id } = await consultation("01077778888");
    await claim(handle.db, agent, id, kst("2026-12-01T14:00"));
    await call(id, "do_not_contact", "2026-12-01T14:10");
    const slot = kst("2026-12-02T10:00").toISOString();
    expect(await rescheduleCall(app(), token, slot, kst("2026-12-01T14:20"))).toEqual({ ok: "rescheduled", at: slot });
    expect(await schedule(handle.db, id)).toMatchObject({ next_call_at: null, next_call_asked: 0 });
    expect(await alertRows()).toHaveLength(devices.agent!.length);
  });

  it("refuses to reschedule a closed lead and changes nothing", async () => {
    const { token, id } = await consultation();
    await claim(handle.db, agent, id, kst("2026-12-01T14:00"));
    await call(id, "no_answer", "2026-12-01T14:10");
    expect(
      await moveStage(
        handle.db,
        agent,
        "consultation",
        id,
        "contacting",
        { to: "closed", reason: "went_elsewhere" },
        kst("2026-12-01T14:15"),
      ),
    ).toEqual({ ok: true });
    const snapshot = async () => ({
      lead: await handle.db.selectFrom("consultation_answers").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
      link: await handle.db.selectFrom("request_status_links").selectAll().where("request_id", "=", id).executeTakeFirstOrThrow(),
      audit: await handle.db.selectFrom("admin_audit_log").select("id").where("record_id", "=", id).execute(),
      alerts: await handle.db.selectFrom("alert_deliveries").select("id").execute(),
    });
    const before = await snapshot();
    const slot = kst("2026-12-02T10:00").toISOString();
    expect(await rescheduleCall(app(), token, slot, kst("2026-12-01T14:20"))).toEqual({ error: "closed" });
    expect(await snapshot()).toEqual(before);
    expect((await page(token, "2026-12-01T14:20")).view).toMatchObject({ stage: "closed", actionable: false });
  });
  it("shows a closure saved since on the next load of the same page in the same hour (the slot list is kept per calendar, issue 41)", async () => {
    const { token } = await consultation();
    const days = async (at: string) => new Set((await page(token, at)).slots.flatMap((g) => g.slots.map((slot) => seoulDay(slot.value))));
    const before = await days("2026-12-01T10:05");
    expect(before.has("2026-12-02")).toBe(true);
    await handle.db.insertInto("business_closures").values({ day: "2026-12-02", note: "", created_at: new Date().toISOString() }).execute();
    try {
      const after = await days("2026-12-01T10:06");
      expect(after.has("2026-12-02")).toBe(false);
      expect(after.size).toBe(before.size - 1);
    } finally {
      await handle.db.deleteFrom("business_closures").where("day", "=", "2026-12-02").execute();
    }
  });
});
