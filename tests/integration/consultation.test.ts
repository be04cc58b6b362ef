import { failingInserts } from "#tests/support/failing-db.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices, type TestServices } from "#tests/support/services.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { SAMPLE_CONSULTATION_FORM } from "#tests/support/consultation-sample.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { action as formAction, loader as formLoader } from "#app/routes/loan-consultation.tsx";
import { loader as completeLoader } from "#app/routes/loan-consultation-complete.tsx";
import { storeConsultation } from "#app/features/consultation/store.server.ts";
import { FLASH_COOKIE } from "#app/lib/cookie-names.ts";
import type { Answers } from "#app/features/consultation/schema.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import type { Locale } from "#app/i18n/locales.ts";

const ID = "3c1f9a52-8b7e-4d10-a6c2-5e4f3b2a1d00";
const answers = (over: Record<number, string> = {}) =>
  Object.entries({ 1: "yes", 2: "E-9", 3: "2027/03/15", 4: "Viet Nam", 5: "NGUYEN VAN A", 6: "010-1234-5678", ...over }).map(
    ([seq, content]) => ({
      question_seq: Number(seq),
      answer_content: content,
    }),
  );
const payload = (over: Record<string, unknown> = {}, answerOver: Record<number, string> = {}) => ({
  submission_id: ID,
  marketing_yn: "Y",
  agree_yn: "Y",
  answer_list: answers(answerOver),
  ...over,
});
const formBody = (over: Record<string, string> = {}) =>
  new URLSearchParams({ submissionId: "form-0001-aaaa", ...SAMPLE_CONSULTATION_FORM, website: "", ...over });
const formRequest = (body: URLSearchParams | string, init: { type?: string; url?: string } = {}) =>
  new Request(init.url ?? "http://localhost/loan-consultation", {
    method: "POST",
    headers: { "content-type": init.type ?? "application/x-www-form-urlencoded" },
    body: body.toString(),
  });

const failingOn = failingInserts;

type DataResult = { type: "DataWithResponseInit"; data: FormResult; init: ResponseInit | null };
/** The fields of a form result that carries them. */
const fields = (result: DataResult) => (result.data.status === "sent" ? {} : (result.data.values ?? {}));
const errorsOf = (result: DataResult) => (result.data.status === "invalid" ? result.data.errors : {});

describe.each(DIALECTS)("consultation requests on %s", (dialect) => {
  let handle: TestDatabase;
  let app: TestServices;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());
  beforeEach(async () => {
    await handle.db.deleteFrom("consent_records").execute();
    await handle.db.deleteFrom("consultation_answer_items").execute();
    await handle.db.deleteFrom("consultation_answers").execute();
    app = testServices(handle.db);
  });
  const ctx = (locale: Locale = "en", services = app, ip?: string) => testContext(services, locale, ip);
  const counts = async () => ({
    answers: (await handle.db.selectFrom("consultation_answers").select("id").execute()).length,
    items: (await handle.db.selectFrom("consultation_answer_items").select("id").execute()).length,
    consents: (await handle.db.selectFrom("consent_records").select("id").execute()).length,
  });
  const post = (body: unknown, locale: Locale = "en") => callAction(answerCreate, jsonRequest("/svc/answer/create", body), ctx(locale));
  const submitForm = async (request: Request, locale: Locale = "en", services = app, ip?: string) =>
    await (formAction as unknown as (a: unknown) => Promise<Response | DataResult>)({
      request,
      context: ctx(locale, services, ip),
      params: {},
    });

  describe("POST /svc/answer/create", () => {
    it("stores the answer, its six items and its consent records in the page language", async () => {
      const res = await post(payload(), "vi");
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        res_status: 200,
        data: { submission_id: ID, status_url: expect.stringMatching(/^http:\/\/localhost\/status\/[\w-]{43}\?lang=vi$/) },
      });

      const answer = await handle.db.selectFrom("consultation_answers").selectAll().executeTakeFirstOrThrow();
      expect(answer).toMatchObject({ submission_id: ID, marketing_yn: "Y", lang: "vi", status: "new" });
      expect(answer.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
      const items = await handle.db
        .selectFrom("consultation_answer_items")
        .select(["question_seq", "answer_content"])
        .where("answer_id", "=", answer.id)
        .orderBy("question_seq")
        .execute();
      expect(items).toEqual([
        { question_seq: 1, answer_content: "yes" },
        { question_seq: 2, answer_content: "E-9" },
        { question_seq: 3, answer_content: "20270315" },
        { question_seq: 4, answer_content: "Viet Nam" },
        { question_seq: 5, answer_content: "NGUYEN VAN A" },
        { question_seq: 6, answer_content: "01012345678" },
      ]);
      const consents = await handle.db
        .selectFrom("consent_records")
        .select(["policy_kind", "policy_version", "agreed_yn", "lang", "created_at"])
        .where("answer_id", "=", answer.id)
        .orderBy("policy_kind")
        .execute();
      expect(consents).toEqual([
        { policy_kind: "marketing", policy_version: "2023-03-06", agreed_yn: "Y", lang: "vi", created_at: answer.created_at },
        { policy_kind: "privacy", policy_version: "2023-03-06", agreed_yn: "Y", lang: "vi", created_at: answer.created_at },
      ]);
    });

    it("records a declined marketing consent as N, and 'unknown' for an unknown expiry date", async () => {
      expect((await post(payload({ marketing_yn: "N" }, { 3: "unknown" }))).status).toBe(200);
      const marketing = await handle.db
        .selectFrom("consent_records")
        .select("agreed_yn")
        .where("policy_kind", "=", "marketing")
        .executeTakeFirstOrThrow();
      expect(marketing.agreed_yn).toBe("N");
      expect((await handle.db.selectFrom("consultation_answers").select("marketing_yn").executeTakeFirstOrThrow()).marketing_yn).toBe("N");
      const q3 = await handle.db
        .selectFrom("consultation_answer_items")
        .select("answer_content")
        .where("question_seq", "=", 3)
        .executeTakeFirstOrThrow();
      expect(q3.answer_content).toBe("unknown");
    });

    it("accepts the spec's bare payload (no submission id, no agree_yn)", async () => {
      const res = await post({ marketing_yn: "N", answer_list: answers() });
      expect(res.status).toBe(200);
      expect(await counts()).toEqual({ answers: 1, items: 6, consents: 2 });
    });

    it("stores one row when the same submission id is sent twice", async () => {
      const first = await post(payload());
      const second = await post(payload({ marketing_yn: "N" }));
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await counts()).toEqual({ answers: 1, items: 6, consents: 2 });
    });

    it("stores one row when copies of one submission race", async () => {
      const results = await Promise.all(Array.from({ length: 6 }, () => post(payload())));
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
      expect(await counts()).toEqual({ answers: 1, items: 6, consents: 2 });
    });

    it("races at the store itself answer the winner's row to every copy", async () => {
      const answers: Answers = {
        type: "yes",
        visaType: "E-9",
        expiryChoice: "date",
        expiryDate: "20270315",
        nationality: "X",
        name: "Y",
        phone: "01012345678",
      };
      const input = { answers, marketing: false, submissionId: "race-0001-zzzz", lang: "en" as const };
      const stored = await Promise.all(Array.from({ length: 5 }, () => storeConsultation(testServices(handle.db), input)));
      expect(new Set(stored.map((s) => s.id)).size).toBe(1);
      expect(stored.filter((s) => s.created)).toHaveLength(1);
      expect(await counts()).toEqual({ answers: 1, items: 6, consents: 2 });
    });

    it("different submissions are different rows", async () => {
      await post(payload());
      await post(payload({ submission_id: "another-submission-1" }));
      expect((await counts()).answers).toBe(2);
    });

    const oversized = payload({}, { 5: "A".repeat(20_000) });
    it.each([
      ["a missing answer", payload({ answer_list: answers().slice(0, 5) }), "answer_list"],
      ["a missing marketing_yn", payload({ marketing_yn: undefined }), "marketing_yn"],
      ["a missing answer_list", { submission_id: ID, marketing_yn: "Y" }, "answer_list"],
      ["an empty required answer", payload({}, { 4: "" }), "answer_list.4"],
      [
        "a wrong type (question_seq as text)",
        payload({ answer_list: answers().map((a) => ({ ...a, question_seq: String(a.question_seq) })) }),
        "answer_list",
      ],
      ["a wrong type (answer as number)", payload({ answer_list: answers().map((a) => ({ ...a, answer_content: 7 })) }), "answer_list"],
      ["a wrong type (marketing_yn as boolean)", payload({ marketing_yn: true }), "marketing_yn"],
      ["a wrong type (the body is a list)", [payload()], "marketing_yn"],
      ["a bad date", payload({}, { 3: "15-03-2027" }), "answer_list.3"],
      ["an impossible date", payload({}, { 3: "20270231" }), "answer_list.3"],
      ["an empty date", payload({}, { 3: "" }), "answer_list.3"],
      ["a non-Korean phone", payload({}, { 6: "+84 912 345 678" }), "answer_list.6"],
      ["a Korean landline", payload({}, { 6: "0212345678" }), "answer_list.6"],
      ["an unknown visa", payload({}, { 2: "Z-9" }), "answer_list.2"],
      ["an unknown intent", payload({}, { 1: "perhaps" }), "answer_list.1"],
      [
        "a repeated question",
        payload({ answer_list: [...answers().slice(0, 5), { question_seq: 2, answer_content: "F-4" }] }),
        "answer_list",
      ],
      ["a refused consent", payload({ agree_yn: "N" }), "agree_yn"],
      ["a malformed submission id", payload({ submission_id: "x" }), "submission_id"],
    ])("answers 400 with field errors and stores nothing for %s", async (_name, body, field) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.json.res_status).toBe(400);
      expect(res.json.message).toBe("Please check the fields and try again.");
      expect(Object.keys(res.json.errors)).toContain(field);
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
    });

    it.each([
      ["malformed JSON", jsonRequest("/x", '{"marketing_yn": "Y",'), "The request could not be read."],
      ["an oversized body", jsonRequest("/x", oversized), "The request is too large."],
      [
        "a wrong content type",
        new Request("http://localhost/x", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "marketing_yn=Y",
        }),
        "The request must be sent as JSON.",
      ],
      [
        "no content type",
        new Request("http://localhost/x", { method: "POST", body: JSON.stringify(payload()) }),
        "The request must be sent as JSON.",
      ],
    ])("answers 400 and stores nothing for %s", async (_name, request, message) => {
      const res = await callAction(answerCreate, request, ctx());
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ res_status: 400, message, errors: {} });
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
    });

    it("gives the spec's field messages in the request's language", async () => {
      const en = await post(payload({}, { 1: "", 2: "", 3: "", 6: "" }));
      expect(en.json.errors).toEqual({
        "answer_list.1": "Please select one of the two options.",
        "answer_list.2": "Please select a required option.",
        "answer_list.3": "Please enter the expiry date.",
        "answer_list.6": "This field is required.",
      });
      expect((await post(payload({}, { 3: "2027315" }))).json.errors["answer_list.3"]).toBe("Use format YYYYMMDD.");
      const mn = await post(payload({}, { 3: "" }), "mn");
      expect(mn.json.errors["answer_list.3"]).toBe("Дуусах огноог оруулна уу.");
      expect(mn.json.message).not.toBe("Please check the fields and try again.");
    });

    it("refuses a name or nationality of only invisible characters with 'This field is required.'", async () => {
      const res = await post(payload({}, { 4: "\u00a0\u200b", 5: "\u202e" }));
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ "answer_list.4": "This field is required.", "answer_list.5": "This field is required." });
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
    });

    it("stores the name and nationality NFC-normalised, without invisible characters at either end", async () => {
      expect(
        (await post(payload({}, { 4: "\u200eVie\u0323\u0302t Nam\u200f", 5: "\ufeffNGUYE\u0302\u0303N VAN A\u00a0\u200b" }))).status,
      ).toBe(200);
      const items = await handle.db
        .selectFrom("consultation_answer_items")
        .select(["question_seq", "answer_content"])
        .where("question_seq", "in", [4, 5])
        .orderBy("question_seq")
        .execute();
      expect(items.map((i) => i.answer_content)).toEqual(["Vi\u1ec7t Nam", "NGUY\u1ec4N VAN A"]);
    });

    it("pretends success to a bot that fills the honeypot, and stores nothing", async () => {
      const res = await post(payload({ website: "https://spam.example" }));
      expect(res.status).toBe(200);
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
    });

    it("answers 405 to GET-like methods", async () => {
      const res = await callAction(
        answerCreate,
        new Request("http://localhost/x", { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" }),
        ctx(),
      );
      expect(res.status).toBe(405);
    });

    it("commits all or nothing: a failing consent insert leaves no answer and no items", async () => {
      const res = await callAction(
        answerCreate,
        jsonRequest("/x", payload()),
        testContext(testServices(failingOn(handle.db, "consent_records"))),
      );
      expect(res.status).toBe(500);
      expect(res.json.message).toBe("Something went wrong on our side. Please try again.");
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
      // The retry, once the database is well again, is stored.
      expect((await post(payload())).status).toBe(200);
      expect(await counts()).toEqual({ answers: 1, items: 6, consents: 2 });
    });
  });

  describe("rate limit (per IP, shared by the API and the form)", () => {
    it("answers 429 with Retry-After and a translated message past the limit, on both paths", async () => {
      const limited = testServices(handle.db, { limiter: createRateLimiter({ max: 2, windowMs: 60_000 }) });
      const context = testContext(limited, "vi", "10.1.1.1");
      expect((await callAction(answerCreate, jsonRequest("/x", payload()), context)).status).toBe(200);
      expect((await callAction(answerCreate, jsonRequest("/x", payload()), context)).status).toBe(200);
      const api = await callAction(answerCreate, jsonRequest("/x", payload()), context);
      expect(api.status).toBe(429);
      expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(api.json.message).toBeTruthy();
      expect(api.json.message).not.toMatch(/too many/i);

      const form = (await submitForm(formRequest(formBody()), "en", limited, "10.1.1.1")) as DataResult;
      expect(form.init?.status).toBe(429);
      const wait = Number(new Headers(form.init?.headers).get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      // Over the limit nothing is read: the form learns why and when to retry.
      expect(form.data).toEqual({ status: "failed", reason: "rate_limited", retryAfter: wait });

      // Another visitor is not affected.
      expect(
        (
          await callAction(
            answerCreate,
            jsonRequest("/x", payload({ submission_id: "other-visitor-1" })),
            testContext(limited, "en", "10.1.1.2"),
          )
        ).status,
      ).toBe(200);
      expect((await counts()).answers).toBe(2);
    });
  });

  describe("the form posted without JavaScript (route action)", () => {
    it("stores the request and redirects to the completion page with the masked phone in a flash cookie, not in the URL", async () => {
      const response = (await submitForm(formRequest(formBody({ agreeMarketing: "Y" })), "id")) as Response;
      expect(response).toBeInstanceOf(Response);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/loan-consultation-complete");
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(new RegExp(`^${FLASH_COOKIE}=`));
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).not.toContain("01098765432");

      const answer = await handle.db.selectFrom("consultation_answers").selectAll().executeTakeFirstOrThrow();
      expect(answer).toMatchObject({ submission_id: "form-0001-aaaa", marketing_yn: "Y", lang: "id" });
      expect(await counts()).toEqual({ answers: 1, items: 6, consents: 2 });
      const q3 = await handle.db
        .selectFrom("consultation_answer_items")
        .select("answer_content")
        .where("question_seq", "=", 3)
        .executeTakeFirstOrThrow();
      expect(q3.answer_content).toBe("unknown");

      // The completion page reads it once and clears it.
      const page = await (
        completeLoader as unknown as (a: unknown) => Promise<{ data: { maskedPhone: string | null }; init: ResponseInit }>
      )({
        request: new Request("http://localhost/loan-consultation-complete", { headers: { cookie: cookie.split(";")[0]! } }),
        context: ctx(),
        params: {},
      });
      expect(page.data.maskedPhone).toBe("010****5432");
      expect(new Headers(page.init.headers).get("set-cookie")).toMatch(new RegExp(`^${FLASH_COOKIE}=;.*Max-Age=0`));
    });

    it("keeps ?lang= on the way to the completion page", async () => {
      const response = (await submitForm(formRequest(formBody(), { url: "http://localhost/loan-consultation?lang=my" }))) as Response;
      expect(response.headers.get("location")).toBe("/loan-consultation-complete?lang=my");
    });

    it("a double-tapped submit stores one row and both land on the completion page", async () => {
      const [a, b] = await Promise.all([submitForm(formRequest(formBody())), submitForm(formRequest(formBody()))]);
      expect([(a as Response).status, (b as Response).status]).toEqual([302, 302]);
      expect(await counts()).toEqual({ answers: 1, items: 6, consents: 2 });
    });

    it("answers the form again with every error (catalog keys) and everything typed, storing nothing", async () => {
      const result = (await submitForm(
        formRequest(formBody({ type: "", visaType: "", expiryChoice: "date", expiryDate: "20271340", phone: "12345", agreeRequired: "" })),
      )) as DataResult;
      expect(result.init?.status).toBe(400);
      expect(errorsOf(result)).toEqual({
        type: "consultation.errors.intent",
        visaType: "consultation.errors.visa",
        expiryDate: "consultation.errors.dateInvalid",
        phone: "consultation.errors.phoneFormat",
        agreeRequired: "consultation.errors.consent",
      });
      expect(result.data.status).toBe("invalid");
      expect(fields(result)).toMatchObject({ expiryDate: "20271340", phone: "12345", name: "BAT-ERDENE", submissionId: "form-0001-aaaa" });
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
    });

    it("refuses a name of only invisible characters with the required message, as the API does", async () => {
      const result = (await submitForm(formRequest(formBody({ name: "\u200b\u200b", nationality: "\u202e" })))) as DataResult;
      expect(result.init?.status).toBe(400);
      expect(errorsOf(result)).toEqual({ name: "common.errors.required", nationality: "common.errors.required" });
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
    });

    it("a form with a forged id comes back without it and a message, and stores nothing", async () => {
      const result = (await submitForm(formRequest(formBody({ submissionId: "<forged>" })))) as DataResult;
      expect(result.init?.status).toBe(400);
      expect(errorsOf(result)).toEqual({ submissionId: "consultation.errors.submission" });
      expect(fields(result).submissionId).toBe("");
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
    });

    it("a post without an id (the page's script had not run) is stored once when tapped twice or sent again", async () => {
      const body = () => formBody({ submissionId: "" });
      const [a, b] = await Promise.all([submitForm(formRequest(body())), submitForm(formRequest(body()))]);
      const c = await submitForm(formRequest(body()));
      expect([a, b, c].map((r) => (r as Response).status)).toEqual([302, 302, 302]);
      expect(await counts()).toEqual({ answers: 1, items: 6, consents: 2 });
      // Other answers are another request.
      await submitForm(formRequest(formBody({ submissionId: "", phone: "01011112222" })));
      expect((await counts()).answers).toBe(2);
    });

    it("refuses an unreadable body with a message instead of an error page", async () => {
      const result = (await submitForm(formRequest("x=1", { type: "text/plain" }))) as DataResult;
      expect(result.init?.status).toBe(400);
      expect(result.data).toEqual({ status: "failed", reason: "malformed" });
      const huge = (await submitForm(formRequest(formBody({ name: "A".repeat(20_000) })))) as DataResult;
      expect(huge.init?.status).toBe(400);
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
    });

    it("sends a bot that fills the honeypot to the completion page without storing or a cookie", async () => {
      const response = (await submitForm(formRequest(formBody({ website: "http://spam.example" })))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
    });

    it("keeps everything typed when the database fails", async () => {
      const result = (await submitForm(
        formRequest(formBody()),
        "en",
        testServices(failingOn(handle.db, "consultation_answer_items")),
      )) as DataResult;
      expect(result.init?.status).toBe(503);
      expect(result.data).toMatchObject({ status: "failed", reason: "server" });
      expect(fields(result).phone).toBe("01098765432");
      expect(await counts()).toEqual({ answers: 0, items: 0, consents: 0 });
    });
  });

  describe("loaders", () => {
    it("the form page carries no per-visitor value (it is cached; the browser makes the submission id)", async () => {
      const load = () =>
        (formLoader as unknown as (a: unknown) => Promise<Record<string, unknown>>)({
          request: new Request("http://localhost/loan-consultation"),
          context: ctx(),
          params: {},
        });
      expect(await load()).toEqual(await load());
      expect(await load()).not.toHaveProperty("submissionId");
      expect(await load()).toMatchObject({ fromCheck: null });
    });

    it("the completion page opened directly has no phone and sets no cookie", async () => {
      const page = await (
        completeLoader as unknown as (a: unknown) => Promise<{ data: { maskedPhone: string | null; title: string }; init: ResponseInit }>
      )({
        request: new Request("http://localhost/loan-consultation-complete"),
        context: ctx(),
        params: {},
      });
      expect(page.data.maskedPhone).toBeNull();
      expect(page.data.title).toBe("Request complete");
      expect(new Headers(page.init.headers).get("set-cookie")).toBeNull();
    });

    it("a forged flash cookie shows no phone and is cleared", async () => {
      const page = await (
        completeLoader as unknown as (a: unknown) => Promise<{ data: { maskedPhone: string | null }; init: ResponseInit }>
      )({
        request: new Request("http://localhost/loan-consultation-complete", {
          headers: { cookie: `${FLASH_COOKIE}=eyJwIjoiMDEwKioqKjAwMDAiLCJlIjo5OTk5OTk5OTk5OTk5fQ.AAAA` },
        }),
        context: ctx(),
        params: {},
      });
      expect(page.data.maskedPhone).toBeNull();
      expect(new Headers(page.init.headers).get("set-cookie")).toContain("Max-Age=0");
    });
  });
});
