import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { formOutcome } from "#tests/support/form-result.ts";
import { callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { loader as statusLoader, action as statusAction } from "#app/routes/status.tsx";
import * as request from "#app/routes/admin.request.tsx";
import { hashToken } from "#app/requests/status-link.server.ts";
import { copyByPhone, eraseRequests } from "#app/requests/erase.server.ts";
import type { Locale } from "#app/i18n/locales.ts";

/**
 * Consent before a lender sees a lead (issue 52, item 1; 개인정보 보호법
 * 제17조; ADR 0052): the move to "with the lender" is refused without the
 * person's consent to giving their data to the lender it names, and accepted
 * with one, whichever way it was given — on the status page (asked by an
 * operator, answered by the visitor), by phone with the call's reference, on
 * paper with the form's number. Each consent records the lender, the items,
 * the lender's retention, how, when and by whom.
 */
describe.each(DIALECTS)("consent to give a consultation to a lender on %s", (dialect) => {
  let handle: TestDatabase;
  let cookie: string;
  let csrf: string;
  let agentId: number;
  const app = () => testServices(handle.db);

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    agentId = await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    cookie = await signInCookie(app(), "agent@example.com", "correct horse battery");
    csrf = await csrfOf(app(), cookie);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  /** A consultation sent through the API, moved to "consulted" in the console: its status token and id. */
  async function consulted(phone = "01012345678") {
    const res = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", sampleConsultation({ submissionId: randomUUID(), phone })),
      testContext(app(), "vi"),
    );
    const token = /\/status\/([\w-]{43})/.exec((res.json.data as { status_url: string }).status_url)![1]!;
    const { request_id: id } = await handle.db
      .selectFrom("request_status_links")
      .select("request_id")
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirstOrThrow();
    expect((await console_(id, { intent: "stage", from: "new", to: "contacting" })).status).toBe(200);
    expect((await console_(id, { intent: "stage", from: "contacting", to: "consulted" })).status).toBe(200);
    return { token, id };
  }

  const console_ = (id: number, fields: Record<string, string>) =>
    callRoute(request, "guarded", post(`/admin/requests/consultation/${id}`, { csrf, ...fields }, cookie), app(), {
      kind: "consultation",
      id: String(id),
    });
  const toLender = (id: number, lender: string) => console_(id, { intent: "stage", from: "consulted", to: "with_lender", lender });
  const consentWithItems = async (id: number, fields: Record<string, string>, items = ["name", "phone", "visa", "income"]) => {
    const body = new URLSearchParams({ csrf, intent: "consent", retentionYears: "5", ...fields });
    for (const item of items) body.append("items", item);
    const req = new Request(`http://localhost/admin/requests/consultation/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: "http://localhost" },
      body,
    });
    return callRoute(request, "guarded", req, app(), { kind: "consultation", id: String(id) });
  };
  const stageOf = async (id: number) =>
    (await handle.db.selectFrom("consultation_answers").select(["status", "lender"]).where("id", "=", id).executeTakeFirstOrThrow()).status;
  const consentsOf = (id: number) =>
    handle.db.selectFrom("lender_consents").selectAll().where("answer_id", "=", id).orderBy("id").execute();

  async function statusPage(token: string, lang: Locale = "vi") {
    const result = await (statusLoader as (a: unknown) => Promise<unknown>)({
      request: new Request(`http://localhost/status/${token}?lang=${lang}`),
      params: { token },
      context: testContext(app(), lang),
    });
    return formOutcome(result);
  }
  async function visitor(token: string, fields: Record<string, string>, lang: Locale = "vi") {
    const result = await (statusAction as (a: unknown) => Promise<unknown>)({
      request: new Request(`http://localhost/status/${token}?lang=${lang}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
      params: { token },
      context: testContext(app(), lang),
    });
    return formOutcome(result);
  }

  it("refuses the lender stage without a consent, with the console's message, and changes nothing", async () => {
    const { id } = await consulted();
    const refused = await toLender(id, "Sample Savings Bank");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      stage: { ok: false, error: "consent", fields: { lender: "pipeline.error.consentLender" }, values: { lender: "Sample Savings Bank" } },
    });
    expect(await stageOf(id)).toBe("consulted");
    // The lender is named: a move without one is refused before any lookup.
    expect(await (await toLender(id, "")).json()).toMatchObject({ stage: { ok: false, fields: { lender: "pipeline.error.lender" } } });
    const history = await handle.db.selectFrom("request_stage_history").select("to_stage").where("request_id", "=", id).execute();
    expect(history.map((h) => h.to_stage)).toEqual(["contacting", "consulted"]);
  });

  it("accepts it with a consent given by phone, naming the call's reference, the items and the operator", async () => {
    const { id } = await consulted();
    // By phone without the call's reference: refused, nothing written.
    const missing = await consentWithItems(id, { method: "phone", lender: "Sample Savings Bank" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ consent: { ok: false, fields: { reference: "pipeline.consent.error.reference" } } });
    expect(await consentsOf(id)).toEqual([]);

    expect((await consentWithItems(id, { method: "phone", lender: "Sample Savings Bank", reference: "REC-2026-1201-07" })).status).toBe(
      200,
    );
    const [row] = await consentsOf(id);
    expect(row).toMatchObject({
      lender: "Sample Savings Bank",
      items: "name,phone,visa,income",
      retention_years: 5,
      method: "phone",
      reference: "REC-2026-1201-07",
      operator_id: agentId,
      answer: "given",
    });
    expect(row!.answered_at).toBeTruthy();
    // Another lender's name is still refused; this one (spelt with other spaces and case) is accepted.
    expect(await (await toLender(id, "Other Capital")).json()).toMatchObject({ stage: { error: "consent" } });
    const moved = await toLender(id, "  sample  savings BANK ");
    expect(moved.status).toBe(200);
    expect(await stageOf(id)).toBe("with_lender");
    const audit = await handle.db
      .selectFrom("admin_audit_log")
      .select(["action", "detail"])
      .where("record_id", "=", id)
      .where("action", "in", ["lender_consent", "stage"])
      .orderBy("id")
      .execute();
    expect(audit.at(-2)).toEqual({ action: "lender_consent", detail: `#${row!.id} phone given` });
    expect(audit.at(-1)).toEqual({ action: "stage", detail: `consulted→with_lender consent=#${row!.id}` });
  });

  it("accepts it with a consent given on paper, and refuses a form with no items or a wrong retention", async () => {
    const { id } = await consulted();
    const none = await consentWithItems(id, { method: "paper", lender: "Paper Bank", reference: "F-12" }, []);
    expect(await none.json()).toMatchObject({ consent: { fields: { items: "pipeline.consent.error.items" } } });
    const odd = await consentWithItems(id, { method: "paper", lender: "Paper Bank", reference: "F-12" }, ["name", "passport"]);
    expect(await odd.json()).toMatchObject({ consent: { fields: { items: "pipeline.consent.error.items" } } });
    const years = await consentWithItems(id, { method: "paper", lender: "Paper Bank", reference: "F-12", retentionYears: "99" });
    expect(await years.json()).toMatchObject({ consent: { fields: { retentionYears: "pipeline.consent.error.retention" } } });
    const how = await consentWithItems(id, { method: "email", lender: "Paper Bank" });
    expect(how.status).toBe(400);
    expect(await consentsOf(id)).toEqual([]);
    expect((await consentWithItems(id, { method: "paper", lender: "Paper Bank", reference: "F-12" })).status).toBe(200);
    expect((await consentsOf(id))[0]).toMatchObject({ method: "paper", reference: "F-12", answer: "given" });
    expect((await toLender(id, "Paper Bank")).status).toBe(200);
  });

  it("accepts it once the visitor gives the consent on the status page, in their language; a refusal keeps it refused", async () => {
    const { token, id } = await consulted();
    expect((await consentWithItems(id, { method: "web", lender: "Web Bank", reference: "ignored" })).status).toBe(200);
    const [asked] = await consentsOf(id);
    expect(asked).toMatchObject({ method: "web", reference: null, answer: null, answered_at: null, operator_id: agentId });
    // Asked is not given.
    expect(await (await toLender(id, "Web Bank")).json()).toMatchObject({ stage: { error: "consent" } });

    // The page shows the five points' facts: the lender, the items, the retention.
    const shown = await statusPage(token);
    expect(shown.status).toBe(200);
    expect((shown.body as unknown as { consents: unknown }).consents).toEqual({
      ask: { id: asked!.id, lender: "Web Bank", items: ["name", "phone", "visa", "income"], retentionYears: 5 },
      answered: [],
    });
    // A malformed answer is a 400; another request's question is not answered from this page.
    expect((await visitor(token, { intent: "consent", consent: String(asked!.id), answer: "maybe" })).status).toBe(400);
    expect((await visitor(token, { intent: "consent", consent: "abc", answer: "given" })).status).toBe(400);
    const other = await consulted("01099998888");
    expect(await visitor(other.token, { intent: "consent", consent: String(asked!.id), answer: "given" })).toMatchObject({
      status: 409,
      body: { error: "consent" },
    });

    expect(await visitor(token, { intent: "consent", consent: String(asked!.id), answer: "given" })).toMatchObject({
      status: 200,
      body: { ok: "consent", answer: "given" },
    });
    expect((await consentsOf(id))[0]).toMatchObject({ answer: "given", lang: "vi", method: "web" });
    // Answered once: a second answer changes nothing.
    expect(await visitor(token, { intent: "consent", consent: String(asked!.id), answer: "refused" })).toMatchObject({
      status: 409,
    });
    expect((await consentsOf(id))[0]!.answer).toBe("given");
    const visitorAudit = await handle.db
      .selectFrom("admin_audit_log")
      .select(["operator_email", "detail"])
      .where("action", "=", "visitor_consent")
      .where("record_id", "=", id)
      .execute();
    expect(visitorAudit).toEqual([{ operator_email: "(visitor)", detail: `#${asked!.id} given` }]);
    expect((await toLender(id, "Web Bank")).status).toBe(200);

    // Refused on the page: the lender stage stays closed to that lender.
    const refusing = await consulted("01077776666");
    await consentWithItems(refusing.id, { method: "web", lender: "Web Bank" });
    const [q] = await consentsOf(refusing.id);
    expect(await visitor(refusing.token, { intent: "consent", consent: String(q!.id), answer: "refused" })).toMatchObject({
      status: 200,
      body: { ok: "consent", answer: "refused" },
    });
    expect(await (await toLender(refusing.id, "Web Bank")).json()).toMatchObject({ stage: { error: "consent" } });
  });

  it("lets the person withdraw a given consent on the status page, however it was given; the lender stage is then refused (제37조)", async () => {
    const { token, id } = await consulted("01033332222");
    // Given by phone, recorded by the agent: the person withdraws it on their page all the same.
    expect((await consentWithItems(id, { method: "phone", lender: "Phone Bank", reference: "CALL-37" })).status).toBe(200);
    const [given] = await consentsOf(id);
    const shown = await statusPage(token);
    expect((shown.body as unknown as { consents: { answered: unknown[] } }).consents.answered).toMatchObject([
      { id: given!.id, lender: "Phone Bank", answer: "given", withdrawnAt: null },
    ]);
    // Not a number: 400; another request's consent: refused, nothing changes.
    expect((await visitor(token, { intent: "consent_withdraw", consent: "x" })).status).toBe(400);
    const other = await consulted("01033331111");
    expect(await visitor(other.token, { intent: "consent_withdraw", consent: String(given!.id) })).toMatchObject({
      status: 409,
      body: { error: "consent" },
    });
    expect((await consentsOf(id))[0]!.withdrawn_at).toBeNull();

    expect(await visitor(token, { intent: "consent_withdraw", consent: String(given!.id) })).toMatchObject({
      status: 200,
      body: { ok: "consentWithdrawn", id: given!.id },
    });
    expect((await consentsOf(id))[0]).toMatchObject({ answer: "given", withdrawn_at: expect.any(String) });
    // Once only; and the move to that lender no longer rests on it.
    expect((await visitor(token, { intent: "consent_withdraw", consent: String(given!.id) })).status).toBe(409);
    expect(await (await toLender(id, "Phone Bank")).json()).toMatchObject({ stage: { error: "consent" } });
    const after = (await statusPage(token)).body as unknown as { consents: { answered: { withdrawnAt: string | null }[] } };
    expect(after.consents.answered[0]!.withdrawnAt).toEqual(expect.any(String));
    const audited = await handle.db
      .selectFrom("admin_audit_log")
      .select(["operator_email", "detail"])
      .where("action", "=", "visitor_consent")
      .where("record_id", "=", id)
      .execute();
    expect(audited).toEqual([{ operator_email: "(visitor)", detail: `#${given!.id} withdrawn` }]);
  });

  it("shows the operator whether a consent is there, and goes with the person's data (copy and erasure)", async () => {
    const { id } = await consulted("01055554444");
    const before = (await (
      await callRoute(request, "guarded", get(`/admin/requests/consultation/${id}`, cookie), app(), {
        kind: "consultation",
        id: String(id),
      })
    ).json()) as { lenderConsents: unknown[] };
    expect(before.lenderConsents).toEqual([]);
    await consentWithItems(id, { method: "phone", lender: "Copy Bank", reference: "CALL-9" });
    const after = (await (
      await callRoute(request, "guarded", get(`/admin/requests/consultation/${id}`, cookie), app(), {
        kind: "consultation",
        id: String(id),
      })
    ).json()) as { lenderConsents: { lender: string; answer: string; method: string; operator: string; reference: string }[] };
    expect(after.lenderConsents).toMatchObject([
      { lender: "Copy Bank", answer: "given", method: "phone", operator: "agent@example.com", reference: "CALL-9" },
    ]);
    const { copy } = await copyByPhone(handle.db, "01055554444");
    expect(copy.lenderConsents).toMatchObject([{ lender: "Copy Bank", method: "phone" }]);
    await handle.db.transaction().execute((trx) => eraseRequests(trx, { consultation: [id] }));
    expect(await consentsOf(id)).toEqual([]);
  });

  it("asks nothing more on a closed consultation", async () => {
    const { id } = await consulted("01033332222");
    expect((await console_(id, { intent: "stage", from: "consulted", to: "closed", reason: "duplicate" })).status).toBe(200);
    const refused = await consentWithItems(id, { method: "paper", lender: "Late Bank", reference: "F-1" });
    expect(refused.status).toBe(409);
    expect(await consentsOf(id)).toEqual([]);
  });
});
