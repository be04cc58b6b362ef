import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { connect } from "#db/connect.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testAlertConfig } from "#tests/support/services.ts";
import { createOperator } from "#tests/support/admin.ts";
import { startFakePushService } from "#tests/support/alert-receivers.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { createAlerts, type Alerts } from "#app/features/alerts/alerts.server.ts";
import { CONSULTATION_QUESTIONS } from "#app/requests/kinds.ts";
import { alertDueCallbacks, CALLBACK_ALERT_LEAD_MS } from "#app/features/pipeline/callback-alerts.server.ts";
import { logCall, schedule } from "#app/features/pipeline/calls.server.ts";
import { fromSeoulLocal } from "#app/features/pipeline/calls.ts";
import { moveStage } from "#app/features/pipeline/pipeline.server.ts";

/**
 * A call-back coming due alerts its agent through the outbox, once (issue 26,
 * item 3): a lead's agent logs "asked to be called back at 22:00"; ticks of
 * two instances at once, many times over, write one push row for that agent's
 * device and none for another agent's; the fake push service receives one
 * push with no personal data. A new call-back time is alerted again; a lead
 * not yet due, unassigned, closed or long past is not.
 */
const kst = (local: string) => fromSeoulLocal(local)!;
const PHONE = "01055556666";
const NAME = "TRAN THI B";

describe.each(DIALECTS)("call-back alerts on %s", (dialect) => {
  let handle: TestDatabase;
  let second: Kysely<Database>;
  let closeSecond: () => Promise<void>;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  let alerts: Alerts;
  let agent: { operator: { id: number; email: string } };
  let other: { operator: { id: number; email: string } };
  let agentDevice: string;

  async function device(operatorId: number) {
    const d = push.subscribe();
    await handle.db
      .insertInto("push_subscriptions")
      .values({
        operator_id: operatorId,
        endpoint: d.endpoint,
        p256dh: d.keys.p256dh,
        auth: d.keys.auth,
        created_at: new Date().toISOString(),
      })
      .execute();
    return d;
  }

  async function lead(assigned: number | null) {
    const at = kst("2026-11-26T18:00").toISOString();
    const { id } = await handle.db
      .insertInto("consultation_answers")
      .values({ submission_id: null, lang: "mn", marketing_yn: "N", created_at: at, updated_at: at, assigned_operator_id: assigned })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("consultation_answer_items")
      .values([
        { answer_id: id, question_seq: CONSULTATION_QUESTIONS.name, answer_content: NAME },
        { answer_id: id, question_seq: CONSULTATION_QUESTIONS.phone, answer_content: PHONE },
      ])
      .execute();
    return id;
  }

  /** The agent logs "asked to be called back at `local`" at `when`. */
  async function askCallback(id: number, local: string, when = "2026-11-26T19:00") {
    const result = await logCall(handle.db, agent, id, { outcome: "callback", callbackAt: local, note: "" }, kst(when));
    expect(result).toMatchObject({ ok: true });
  }

  /** Two instances tick at once, `rounds` times each; answers how many alerts they claimed in all. */
  async function tickTwice(now: Date, rounds = 5): Promise<number> {
    const counts = await Promise.all(
      Array.from({ length: rounds }, () => [alertDueCallbacks(handle.db, alerts, now), alertDueCallbacks(second, alerts, now)]).flat(),
    );
    return counts.reduce((a, b) => a + b, 0);
  }

  const pushRows = () => handle.db.selectFrom("alert_deliveries").selectAll().where("request_kind", "=", "callback_due").execute();

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    // The second instance: its own pool on PostgreSQL; on SQLite the one serving process (ADR 0025) ticks twice.
    if (dialect === "postgres") {
      const other = connect(handle.url);
      second = other.db;
      closeSecond = other.close;
    } else {
      second = handle.db;
      closeSecond = async () => {};
    }
    push = await startFakePushService();
    alerts = createAlerts(handle.db, testAlertConfig({ pushAllowHosts: [push.host] }), silentLogger);
    const a = await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    const b = await createOperator(handle.db, "other@example.com", "correct horse battery", "agent");
    agent = { operator: { id: a, email: "agent@example.com" } };
    other = { operator: { id: b, email: "other@example.com" } };
    agentDevice = (await device(a)).endpoint;
    await device(b);
  }, 30_000);
  afterAll(async () => {
    await alerts.stop();
    await closeSecond();
    await push.close();
    await handle.cleanup();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("alert_deliveries").execute();
    push.received.length = 0;
  });

  it("alerts the lead's agent once, from two instances ticking at once, with no personal data", async () => {
    const id = await lead(agent.operator.id);
    await askCallback(id, "2026-11-26T22:00");
    // Ten minutes before: not yet.
    expect(await tickTwice(kst("2026-11-26T21:50"))).toBe(0);
    // Inside the lead time (five minutes): once, whoever ticks first.
    expect(await tickTwice(new Date(kst("2026-11-26T22:00").getTime() - CALLBACK_ALERT_LEAD_MS + 1_000), 10)).toBe(1);
    expect(await tickTwice(kst("2026-11-26T22:01"))).toBe(0);
    const rows = await pushRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "push", request_id: id, request_created_at: kst("2026-11-26T22:00").toISOString() });

    const worker = alerts.startWorker({ pollMs: 3_600_000 });
    await worker.drain();
    expect(push.received).toHaveLength(1);
    const [received] = push.received;
    expect(agentDevice.endsWith(received!.path)).toBe(true);
    const payload = JSON.parse(received!.payload!) as Record<string, string>;
    expect(payload).toMatchObject({
      title: `약속한 통화 시간: 상담 #${id}`,
      body: "방문자가 요청한 2026-11-26 22:00(KST)에 전화해 주세요",
      url: `https://console.example.com/admin/requests/consultation/${id}`,
    });
    expect(received!.payload).not.toContain(PHONE);
    expect(received!.payload).not.toContain(NAME);
  });

  it("reaches the agent once when the push service was down at first and comes back", async () => {
    const id = await lead(agent.operator.id);
    await askCallback(id, "2026-11-30T10:00");
    expect(await tickTwice(kst("2026-11-30T09:56"))).toBe(1);
    const own = createAlerts(handle.db, testAlertConfig({ pushAllowHosts: [push.host] }), silentLogger);
    let clock = new Date(Date.now() + 1_000);
    const worker = own.startWorker({ now: () => clock, pollMs: 3_600_000 });
    try {
      // The push service is down: the attempt fails and the row waits for its retry.
      push.answer(agentDevice, 503);
      await worker.drain();
      expect((await pushRows())[0]).toMatchObject({ status: "pending", attempts: 1 });
      expect(push.received.filter((r) => r.payload)).toHaveLength(0);
      // It is back; the retry delivers it, once, and the next rounds send nothing more.
      push.answer(agentDevice, 201);
      clock = new Date(clock.getTime() + 60_000);
      await worker.drain();
      await worker.drain();
      expect((await pushRows())[0]).toMatchObject({ status: "delivered", attempts: 2 });
      expect(push.received.filter((r) => r.payload)).toHaveLength(1);
      expect(JSON.parse(push.received.find((r) => r.payload)!.payload!)).toMatchObject({ title: `약속한 통화 시간: 상담 #${id}` });
    } finally {
      await own.stop();
    }
  });

  it("alerts a new call-back time again, once", async () => {
    const id = await lead(agent.operator.id);
    await askCallback(id, "2026-11-27T08:30");
    expect(await tickTwice(kst("2026-11-27T08:27"))).toBe(1);
    // The visitor could not talk then: another time, alerted as it comes due.
    await askCallback(id, "2026-11-27T12:00", "2026-11-27T08:31");
    expect(await tickTwice(kst("2026-11-27T08:32"))).toBe(0);
    expect(await tickTwice(kst("2026-11-27T11:58"))).toBe(1);
    expect((await pushRows()).map((r) => r.request_created_at)).toEqual([
      kst("2026-11-27T08:30").toISOString(),
      kst("2026-11-27T12:00").toISOString(),
    ]);
  });

  it("does not alert an unassigned lead, another agent, a closed lead or a call-back long past", async () => {
    const unassigned = await lead(null);
    await askCallback(unassigned, "2026-11-28T10:00");
    const closed = await lead(other.operator.id);
    await askCallback(closed, "2026-11-28T10:00");
    const moved = await moveStage(
      handle.db,
      other,
      "consultation",
      closed,
      "contacting",
      { to: "closed", reason: "went_elsewhere" },
      kst("2026-11-28T09:00"),
    );
    expect(moved).toEqual({ ok: true });
    // Closing a lead ends its schedule.
    expect(await schedule(handle.db, closed)).toMatchObject({ next_call_at: null });
    expect(await tickTwice(kst("2026-11-28T09:58"))).toBe(0);

    const late = await lead(agent.operator.id);
    await askCallback(late, "2026-11-29T10:00", "2026-11-28T12:00");
    // Every instance was down until two hours after: My calls shows it overdue; no push now.
    expect(await tickTwice(kst("2026-11-29T12:00"))).toBe(0);
    expect(await pushRows()).toHaveLength(0);
  });
});
