import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { consultationRow } from "#tests/support/consultation-row.ts";
import { logCall, schedule } from "#app/features/pipeline/calls.server.ts";
import { EVERY_DAY_9_TO_8 } from "#tests/support/calendar.ts";
import { fromSeoulLocal, type CallInput } from "#app/features/pipeline/calls.ts";
import * as request from "#app/routes/admin.request.tsx";
import { eraseByPhone } from "#app/requests/erase.server.ts";

/**
 * Call attempts and the next call (issue 26, item 2), with fixed clocks: six
 * unanswered attempts walk a lead to "closed as unreachable"; a call-back
 * asked for at 22:00 is kept at 22:00; "do not contact" stops every schedule
 * for the number and marks every request from it.
 */
const kst = (local: string) => fromSeoulLocal(local)!;
const iso = (local: string) => kst(local).toISOString();
const HOURS = EVERY_DAY_9_TO_8;

const consultation = (db: Kysely<Database>, phone: string, at = iso("2026-11-26T09:55")) => consultationRow(db, phone, at);

const call = (outcome: CallInput["outcome"], extra: Partial<CallInput> = {}): CallInput => ({
  outcome,
  callbackAt: "",
  note: "",
  ...extra,
});

describe.each(DIALECTS)("calls on a cadence on %s", (dialect) => {
  let handle: TestDatabase;
  let who: { operator: { id: number; email: string } };
  const app = () => testServices(handle.db);

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    const id = await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    who = { operator: { id, email: "agent@example.com" } };
  }, 30_000);
  afterAll(async () => handle.cleanup());

  const history = (id: number) =>
    handle.db
      .selectFrom("request_stage_history")
      .select(["from_stage", "to_stage", "operator_id", "closed_reason", "at"])
      .where("request_kind", "=", "consultation")
      .where("request_id", "=", id)
      .orderBy("id")
      .execute();

  it("walks a lead through six unanswered attempts, each next call by the cadence inside calling hours, then closes it as unreachable", async () => {
    const id = await consultation(handle.db, "01011112222");
    // Each attempt is placed when the previous one said (the first at 10:00).
    const expected = ["2026-11-26T10:10", "2026-11-26T11:10", "2026-11-26T15:10", "2026-11-27T10:00", "2026-11-29T10:00"];
    let at = "2026-11-26T10:00";
    for (const [i, next] of expected.entries()) {
      const outcome = (["no_answer", "busy", "message_left"] as const)[i % 3]!;
      const result = await logCall(handle.db, who, id, call(outcome), kst(at), HOURS);
      expect(result).toMatchObject({ ok: true, closed: false });
      const row = await schedule(handle.db, id);
      expect(row.next_call_at, `after attempt ${i + 1}`).toBe(iso(next));
      expect(Number(row.unanswered_calls)).toBe(i + 1);
      expect(row.first_contact_at).toBe(iso("2026-11-26T10:00"));
      expect(row.status).toBe("contacting");
      at = next;
    }
    const last = await logCall(handle.db, who, id, call("no_answer"), kst(at), HOURS);
    expect(last).toEqual({ ok: true, next: null, closed: true });
    expect(await schedule(handle.db, id)).toMatchObject({ status: "closed", closed_reason: "unreachable", next_call_at: null });
    expect(await history(id)).toEqual([
      { from_stage: "new", to_stage: "contacting", operator_id: who.operator.id, closed_reason: null, at: iso("2026-11-26T10:00") },
      { from_stage: "contacting", to_stage: "closed", operator_id: null, closed_reason: "unreachable", at: iso("2026-11-29T10:00") },
    ]);
    expect(await handle.db.selectFrom("call_attempts").select("id").where("request_id", "=", id).execute()).toHaveLength(6);
  });

  it("keeps the lead open past the sixth unanswered attempt when the agent says so, calling again three days later", async () => {
    const id = await consultation(handle.db, "01033334444");
    for (let i = 0; i < 5; i++) await logCall(handle.db, who, id, call("no_answer"), kst(`2026-11-2${i}T12:00`), HOURS);
    const sixth = await logCall(handle.db, who, id, call("no_answer", { keepOpen: "1" }), kst("2026-11-26T12:00"), HOURS);
    expect(sixth).toMatchObject({ ok: true, closed: false });
    expect(await schedule(handle.db, id)).toMatchObject({ status: "contacting", next_call_at: iso("2026-11-29T12:00"), keep_open: 1 });
  });

  it("keeps a call-back asked for at 22:00 at 22:00, and the cadence after it inside calling hours again", async () => {
    const id = await consultation(handle.db, "01055556666");
    const asked = await logCall(handle.db, who, id, call("callback", { callbackAt: "2026-11-26T22:00" }), kst("2026-11-26T10:00"), HOURS);
    expect(asked).toMatchObject({ ok: true, next: "2026-11-26 22:00" });
    expect(await schedule(handle.db, id)).toMatchObject({ next_call_at: iso("2026-11-26T22:00"), next_call_asked: 1, unanswered_calls: 0 });
    // At 22:00 no one answers: ten minutes later would be 22:10, outside the hours: the next morning at 09:00.
    await logCall(handle.db, who, id, call("no_answer"), kst("2026-11-26T22:00"), HOURS);
    expect(await schedule(handle.db, id)).toMatchObject({ next_call_at: iso("2026-11-27T09:00"), next_call_asked: 0 });
    // A call-back time already past is refused, and changes nothing.
    expect(await logCall(handle.db, who, id, call("callback", { callbackAt: "2026-11-26T21:00" }), kst("2026-11-26T22:05"), HOURS)).toEqual(
      {
        ok: false,
        error: "callbackPast",
      },
    );
    expect(await handle.db.selectFrom("call_attempts").select("id").where("request_id", "=", id).execute()).toHaveLength(2);
  });

  it("stops on someone reached, and closes on a wrong number", async () => {
    const reached = await consultation(handle.db, "01077778888");
    await logCall(handle.db, who, reached, call("no_answer"), kst("2026-11-26T10:00"), HOURS);
    await logCall(handle.db, who, reached, call("connected", { note: "Sends documents Friday" }), kst("2026-11-26T10:10"), HOURS);
    expect(await schedule(handle.db, reached)).toMatchObject({
      status: "contacting",
      next_call_at: null,
      first_contact_at: iso("2026-11-26T10:00"),
    });
    const wrong = await consultation(handle.db, "01099990000");
    expect(await logCall(handle.db, who, wrong, call("wrong_number"), kst("2026-11-26T10:00"), HOURS)).toMatchObject({ closed: true });
    expect(await schedule(handle.db, wrong)).toMatchObject({ status: "closed", closed_reason: "wrong_number", next_call_at: null });
  });

  it("on 'do not contact' stops every schedule for the number and marks every request from it", async () => {
    const phone = "01012121212";
    const first = await consultation(handle.db, phone);
    const second = await consultation(handle.db, phone);
    const other = await consultation(handle.db, "01034343434");
    const { id: as } = await handle.db
      .insertInto("as_requests")
      .values({
        submission_id: null,
        lang: "vi",
        applicant_name: "A",
        contact_phone: phone,
        applicant_addr: "Seoul",
        inquiry_content: "?",
        created_at: iso("2026-11-26T09:00"),
        updated_at: iso("2026-11-26T09:00"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const id of [second, other]) await logCall(handle.db, who, id, call("no_answer"), kst("2026-11-26T10:00"), HOURS);
    expect((await schedule(handle.db, second)).next_call_at).toBe(iso("2026-11-26T10:10"));

    await logCall(handle.db, who, first, call("do_not_contact"), kst("2026-11-26T10:05"), HOURS);
    expect(await handle.db.selectFrom("do_not_contact").select("phone").execute()).toEqual([{ phone }]);
    expect((await schedule(handle.db, second)).next_call_at).toBeNull();
    expect((await schedule(handle.db, other)).next_call_at).toBe(iso("2026-11-26T10:10"));
    // A later unanswered call on the same number schedules nothing.
    await logCall(handle.db, who, second, call("no_answer"), kst("2026-11-26T10:10"), HOURS);
    expect((await schedule(handle.db, second)).next_call_at).toBeNull();

    const cookie = await signInCookie(app(), "agent@example.com", "correct horse battery");
    const shown = async (kind: string, id: number) =>
      (
        (await (
          await callRoute(request, "guarded", get(`/admin/requests/${kind}/${id}`, cookie), app(), { kind, id: String(id) })
        ).json()) as {
          doNotContact: boolean;
        }
      ).doNotContact;
    expect(await shown("consultation", first)).toBe(true);
    expect(await shown("consultation", second)).toBe(true);
    expect(await shown("as", as)).toBe(true);
    expect(await shown("consultation", other)).toBe(false);
  });

  it("erases a consultation's call notes with it when its number asks for erasure (the stage history stays)", async () => {
    const id = await consultation(handle.db, "01078787878");
    await logCall(handle.db, who, id, call("connected", { note: "Spoke with Mr NGUYEN" }), kst("2026-11-26T10:00"), HOURS);
    await eraseByPhone(handle.db, "01078787878");
    expect(await handle.db.selectFrom("call_attempts").select("id").where("request_id", "=", id).execute()).toEqual([]);
    expect(await history(id)).toHaveLength(1);
  });

  it("logs a call through the detail page's form, and refuses a wrong one with the console's messages", async () => {
    const id = await consultation(handle.db, "01056565656");
    const cookie = await signInCookie(app(), "agent@example.com", "correct horse battery");
    const csrf = await csrfOf(app(), cookie);
    const send = (fields: Record<string, string>) =>
      callRoute(request, "guarded", post(`/admin/requests/consultation/${id}`, { csrf, intent: "call", ...fields }, cookie), app(), {
        kind: "consultation",
        id: String(id),
      });
    for (const [fields, errors] of [
      [{}, { outcome: "calls.error.outcome" }],
      [{ outcome: "hung_up" }, { outcome: "calls.error.outcome" }],
      [{ outcome: "callback" }, { callbackAt: "calls.error.callbackAt" }],
      [{ outcome: "callback", callbackAt: "2026-02-30T10:00" }, { callbackAt: "calls.error.callbackAt" }],
      [{ outcome: "no_answer", note: "x".repeat(501) }, { note: "calls.error.tooLong" }],
    ] as const) {
      const response = await send(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(((await response.json()) as { call: { fields: object } }).call.fields).toEqual(errors);
    }
    expect(await handle.db.selectFrom("call_attempts").select("id").where("request_id", "=", id).execute()).toEqual([]);
    const ok = await send({ outcome: "busy", note: "line busy" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { call: { ok: boolean; next: string } }).call).toMatchObject({ ok: true });
    const audits = await handle.db
      .selectFrom("admin_audit_log")
      .select("detail")
      .where("action", "=", "call")
      .where("record_id", "=", id)
      .execute();
    expect(audits).toEqual([{ detail: "outcome=busy" }]);
    // Only consultations are called.
    expect(
      (
        await callRoute(request, "guarded", post(`/admin/requests/proposal/1`, { csrf, intent: "call", outcome: "busy" }, cookie), app(), {
          kind: "proposal",
          id: "1",
        })
      ).status,
    ).toBe(404);
  });
});
