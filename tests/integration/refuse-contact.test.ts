import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices, TEST_APP_SECRET } from "#tests/support/services.ts";
import { setTextSecret } from "#app/outbox/text.server.ts";
import { callRoute, createOperator, csrfOf, post as consolePost, signInCookie } from "#tests/support/admin.ts";
import * as requestPage from "#app/routes/admin.request.tsx";
import { isDoNotContact } from "#app/requests/do-not-contact.server.ts";
import { formOutcome } from "#tests/support/form-result.ts";
import { textedCode } from "#tests/support/texted-code.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { CONSULTATION_QUESTIONS } from "#app/requests/kinds.ts";
import { action as rightsForm } from "#app/routes/privacy-rights.tsx";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { claim, myCalls } from "#app/features/pipeline/my-calls.server.ts";
import { callState, logCall, schedule } from "#app/features/pipeline/calls.server.ts";
import { ALWAYS_OPEN } from "#tests/support/calendar.ts";

/**
 * The right to refuse further contact (금융소비자보호법 제21조의2; issue 35):
 * asked on /privacy-rights, with or without JavaScript (the same plain POST),
 * it puts the number on the pipeline's "do not contact" list at once. Every
 * call scheduled to a request from that number is cleared, My calls lists
 * none of them, the cadence schedules nothing after a logged call, taking the
 * lead schedules nothing, and a later request from the number gets no call
 * either. The request is recorded, answered at once, and audited.
 */
const PHONE = "01033334444";
const OTHER = "01099990000";
const MINUTE = 60_000;

async function lead(db: Kysely<Database>, name: string, phone: string, values: Record<string, unknown> = {}) {
  const at = new Date(Date.now() - 60 * MINUTE).toISOString();
  const { id } = await db
    .insertInto("consultation_answers")
    .values({ submission_id: null, lang: "vi", marketing_yn: "N", created_at: at, updated_at: at, ...values })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("consultation_answer_items")
    .values([
      { answer_id: id, question_seq: CONSULTATION_QUESTIONS.name, answer_content: name },
      { answer_id: id, question_seq: CONSULTATION_QUESTIONS.phone, answer_content: phone },
    ])
    .execute();
  return id;
}

describe.each(DIALECTS)("refusing further contact on %s", (dialect) => {
  let handle: TestDatabase;
  let me: number;
  let who: { operator: { id: number; email: string } };
  const app = () => testServices(handle.db);
  const ids: Record<string, number> = {};

  const post = async (form: Record<string, string>) =>
    formOutcome(
      await (rightsForm as (a: unknown) => Promise<unknown>)({
        request: new Request("http://localhost/privacy-rights", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(form),
        }),
        context: testContext(app(), "mn", "10.20.30.41"),
        params: {},
      }),
    );

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    setTextSecret(TEST_APP_SECRET);
    me = await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    who = { operator: { id: me, email: "agent@example.com" } };
    const due = new Date(Date.now() - 10 * MINUTE).toISOString();
    ids.due = await lead(handle.db, "Due, refuses", PHONE, { assigned_operator_id: me, status: "contacting", next_call_at: due });
    ids.asked = await lead(handle.db, "Asked, refuses", PHONE, {
      assigned_operator_id: me,
      status: "contacting",
      next_call_at: new Date(Date.now() + 30 * MINUTE).toISOString(),
      next_call_asked: 1,
    });
    ids.unclaimed = await lead(handle.db, "New, refuses", PHONE);
    ids.other = await lead(handle.db, "Someone else", OTHER, { assigned_operator_id: me, status: "contacting", next_call_at: due });
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it("refuses a malformed request with a message beside its field, storing nothing", async () => {
    const bad = await post({ request: "refuse_contact", phone: "12" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: "invalid", errors: { phone: "rights.errors.phone" } });
    const unknown = await post({ request: "stop_everything", phone: PHONE });
    expect(unknown.status).toBe(400);
    expect(await handle.db.selectFrom("rights_requests").select("id").execute()).toEqual([]);
    expect(await handle.db.selectFrom("do_not_contact").select("id").execute()).toEqual([]);
  });

  it("before: My calls lists the number's leads", async () => {
    const queue = await myCalls(handle.db, me, new Date(), ALWAYS_OPEN);
    expect(queue.due.map((c) => c.name).sort()).toEqual(["Due, refuses", "Someone else"]);
    expect(queue.unclaimed.map((c) => c.name)).toEqual(["New, refuses"]);
    expect(queue.refused).toBe(0);
  });

  it("is refused without the code sent to the number (ADR 0049): nothing is stored", async () => {
    const asked = await post({ request: "refuse_contact", phone: "010-3333-4444" });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ proof: { step: "code", phone: PHONE } });
    const guessed = await post({ request: "refuse_contact", phone: PHONE, step: "check", code: "12345x" });
    expect(guessed.status).toBe(400);
    expect(await handle.db.selectFrom("do_not_contact").select("id").execute()).toEqual([]);
    expect(await handle.db.selectFrom("rights_requests").select("id").execute()).toEqual([]);
  });

  it("is carried out at once with the code: the number is on the list, its calls are cleared, the request is answered and audited", async () => {
    const sent = await post({
      request: "refuse_contact",
      phone: "010-3333-4444",
      step: "check",
      code: (await textedCode(handle.db, PHONE))!,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: "sent", kind: "refuse_contact" });

    expect(await handle.db.selectFrom("do_not_contact").select(["phone", "operator_id"]).execute()).toEqual([
      { phone: PHONE, operator_id: null },
    ]);
    for (const id of [ids.due!, ids.asked!, ids.unclaimed!]) {
      expect((await schedule(handle.db, id)).next_call_at).toBeNull();
    }
    expect((await schedule(handle.db, ids.other!)).next_call_at).not.toBeNull();

    const asked = await handle.db
      .selectFrom("rights_requests")
      .select(["id", "request_kind", "phone", "status", "answered_at", "answered_by", "due_at", "lang"])
      .executeTakeFirstOrThrow();
    expect(asked).toMatchObject({ request_kind: "refuse_contact", phone: PHONE, status: "closed", answered_by: "system", lang: "mn" });
    expect(asked.answered_at).not.toBeNull();
    // Its deadline is the day it arrived ("즉시"), and it was met.
    expect(Date.parse(asked.due_at!) - Date.parse(asked.answered_at!)).toBeLessThan(24 * 60 * MINUTE);

    const audited = await handle.db
      .selectFrom("admin_audit_log")
      .select(["action", "record_kind", "record_id", "operator_email", "detail"])
      .where("record_kind", "=", "rights")
      .execute();
    expect(audited).toEqual([
      expect.objectContaining({
        action: "call",
        record_id: asked.id,
        operator_email: "system",
        detail: expect.stringContaining("do_not_contact"),
      }),
    ]);
    expect(JSON.stringify(audited)).not.toContain(PHONE);
  });

  it("My calls no longer lists any request from the number, and says how many it leaves out", async () => {
    const queue = await myCalls(handle.db, me, new Date(), ALWAYS_OPEN);
    const listed = [...queue.due, ...queue.later, ...queue.unclaimed].map((c) => c.name);
    expect(listed).toEqual(["Someone else"]);
    expect(queue.refused).toBe(3);
  });

  it("the request page shows the agent 'do not contact'", async () => {
    const state = await callState(handle.db, ids.due!);
    expect(state?.doNotContact).toBe(true);
    // Asked by the person (the rights page), not logged by an agent; with its Seoul time.
    expect(state?.doNotContactSince).toMatchObject({ byPerson: true, at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/) });
    expect((await callState(handle.db, ids.other!))?.doNotContact).toBe(false);
  });

  it("the cadence schedules nothing after a logged call, and taking the lead schedules nothing", async () => {
    const logged = await logCall(handle.db, who, ids.due!, { outcome: "no_answer", callbackAt: "", note: "" }, new Date(), ALWAYS_OPEN);
    expect(logged).toMatchObject({ ok: true, next: null });
    expect((await schedule(handle.db, ids.due!)).next_call_at).toBeNull();
    expect(await claim(handle.db, who, ids.unclaimed!)).toBe(true);
    expect((await schedule(handle.db, ids.unclaimed!)).next_call_at).toBeNull();
  });

  it("a later request from the number asks first whether it may be called, and is never stored uncalled", async () => {
    const count = async () => (await handle.db.selectFrom("consultation_answers").select("id").execute()).length;
    const before = await count();
    const asked = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", sampleConsultation({ submissionId: `later-${dialect}`, phone: "010-3333-4444" })),
      testContext(app(), "vi"),
    );
    expect(asked.status).toBe(400);
    expect(asked.json.errors).toHaveProperty("contact_ok");
    expect(await count()).toBe(before);

    // The same request, "yes, you may call me about this request": accepted, and callable, recorded for it alone.
    const res = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", {
        ...sampleConsultation({ submissionId: `later-${dialect}`, phone: "010-3333-4444" }),
        contact_ok: "Y",
      }),
      testContext(app(), "vi"),
    );
    expect(res.status).toBe(200);
    const later = await handle.db
      .selectFrom("consultation_answers as a")
      .innerJoin("consultation_answer_items as p", "p.answer_id", "a.id")
      .select(["a.id"])
      .where("p.question_seq", "=", CONSULTATION_QUESTIONS.phone)
      .where("p.answer_content", "=", PHONE)
      .orderBy("a.id", "desc")
      .executeTakeFirstOrThrow();
    expect(later.id).toBeGreaterThan(ids.other!);
    expect(await handle.db.selectFrom("contact_exceptions").select(["request_kind", "request_id"]).execute()).toEqual([
      { request_kind: "consultation", request_id: later.id },
    ]);
    const queue = await myCalls(handle.db, me, new Date(), ALWAYS_OPEN);
    const listed = [...queue.due, ...queue.later, ...queue.unclaimed].map((c) => c.id);
    expect(listed).toContain(later.id);
    // The earlier requests stay refused.
    for (const id of [ids.due!, ids.asked!, ids.unclaimed!]) expect(listed).not.toContain(id);
    expect((await callState(handle.db, later.id))?.doNotContact).toBe(false);
  });

  it("an administrator lifts the refusal in the console with a reason, audited without the number; an agent may not", async () => {
    const admin = await createOperator(handle.db, "lead@example.com", "correct horse battery", "admin");
    expect(admin).toBeGreaterThan(0);
    const agentCookie = await signInCookie(app(), "agent@example.com", "correct horse battery");
    const agentPost = await callRoute(
      requestPage,
      "guarded",
      consolePost(
        `/admin/requests/consultation/${ids.due}`,
        { csrf: await csrfOf(app(), agentCookie), intent: "lift_refusal", reason: "asked by letter" },
        agentCookie,
      ),
      app(),
      { kind: "consultation", id: String(ids.due) },
    );
    expect(agentPost.status).toBe(403);
    expect(await isDoNotContact(handle.db, PHONE)).toBe(true);

    const cookie = await signInCookie(app(), "lead@example.com", "correct horse battery");
    const csrf = await csrfOf(app(), cookie);
    const lift = (reason: string) =>
      callRoute(
        requestPage,
        "guarded",
        consolePost(`/admin/requests/consultation/${ids.due}`, { csrf, intent: "lift_refusal", reason }, cookie),
        app(),
        {
          kind: "consultation",
          id: String(ids.due),
        },
      );
    expect((await lift("")).status).toBe(400);
    expect((await lift("called from 010-3333-4444")).status).toBe(400);
    expect(await isDoNotContact(handle.db, PHONE)).toBe(true);
    expect((await lift("The person asked by letter of 28 Nov")).status).toBe(200);
    expect(await isDoNotContact(handle.db, PHONE)).toBe(false);
    const audited = await handle.db
      .selectFrom("admin_audit_log")
      .select(["operator_email", "record_kind", "record_id", "detail"])
      .where("detail", "like", "do_not_contact lifted by an administrator%")
      .execute();
    expect(audited).toEqual([
      {
        operator_email: "lead@example.com",
        record_kind: "consultation",
        record_id: ids.due,
        detail: "do_not_contact lifted by an administrator: The person asked by letter of 28 Nov",
      },
    ]);
    expect(JSON.stringify(audited)).not.toContain(PHONE);
  });
});
