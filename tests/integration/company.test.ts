import { failingInserts } from "#tests/support/failing-db.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { formOutcome } from "#tests/support/form-result.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { action as proposalCreate } from "#app/routes/svc.proposal.ts";
import { action as contactAction, loader as contactLoader } from "#app/routes/company.contact-us.tsx";
import { loader as locationLoader } from "#app/routes/company.location.tsx";
import { loader as aboutLoader } from "#app/routes/company.about.tsx";
import { createProposal } from "#app/features/company/proposal.server.ts";
import { CONTENT_WINDOW_MS, contentSubmissionId } from "#app/requests/record.server.ts";

const proposal = {
  proposer_name: "Example Foundation",
  proposer_phone: "02-123-4567",
  proposer_email: "partner@example.org",
  proposal_content: "A joint seminar for migrant workers.",
};

type Loader = (args: { request: Request; context: unknown; params: object }) => unknown;
const load = <T = Record<string, unknown>>(loader: unknown, context: unknown, url = "http://localhost/") =>
  (loader as Loader)({ request: new Request(url), context, params: {} }) as T;

const unwrap = (result: unknown) => {
  const { status, body, headers } = formOutcome(result);
  return { status, body, headers };
};

describe.each(DIALECTS)("partnership proposals on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());
  beforeEach(async () => {
    await handle.db.deleteFrom("proposals").execute();
  });
  const ctx = (locale: "en" | "vi" | "my" = "en") => testContext(testServices(handle.db), locale);
  const rows = () => handle.db.selectFrom("proposals").selectAll().execute();

  it("POST /svc/proposal/create stores the proposal with digits-only phone and the page language", async () => {
    const res = await callAction(proposalCreate, jsonRequest("/svc/proposal/create", proposal), ctx("my"));
    expect(res.status).toBe(200);
    expect(res.json.res_status).toBe(200);
    expect(await rows()).toMatchObject([{ ...proposal, proposer_phone: "021234567", lang: "my", status: "new" }]);
  });

  it("keeps the e-mail as typed (the spec has no format check)", async () => {
    const res = await callAction(proposalCreate, jsonRequest("/x", { ...proposal, proposer_email: "partner at example" }), ctx());
    expect(res.status).toBe(200);
  });

  it("stores a retried submission once", async () => {
    const body = { ...proposal, submission_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7" };
    await callAction(proposalCreate, jsonRequest("/x", body), ctx());
    const again = await callAction(proposalCreate, jsonRequest("/x", body), ctx());
    expect(again.status).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it.each(["proposer_name", "proposer_phone", "proposer_email", "proposal_content"])(
    "answers 400 'This field is required.' without %s",
    async (field) => {
      const res = await callAction(proposalCreate, jsonRequest("/x", { ...proposal, [field]: undefined }), ctx());
      expect(res.status).toBe(400);
      expect(res.json.errors[field]).toBe("This field is required.");
      expect(await rows()).toHaveLength(0);
    },
  );

  it.each([
    ["malformed JSON", jsonRequest("/x", "{")],
    ["a phone without digits", jsonRequest("/x", { ...proposal, proposer_phone: "call me" })],
    ["wrong types", jsonRequest("/x", { ...proposal, proposal_content: { a: 1 } })],
    ["a body over the limit", jsonRequest("/x", { ...proposal, proposal_content: "x".repeat(40_000) })],
    ["a bad submission id", jsonRequest("/x", { ...proposal, submission_id: "'; drop table proposals; --" })],
  ])("answers 400 and stores nothing for %s", async (_name, request) => {
    const res = await callAction(proposalCreate, request, ctx());
    expect(res.status).toBe(400);
    expect(res.json.res_status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    ["zero-width spaces", "proposer_name", "\u200b\u200b"],
    ["a right-to-left override", "proposer_name", "\u202e"],
    ["no-break spaces and direction marks", "proposal_content", "\u00a0\u200e\u3000"],
  ])("answers 400 'This field is required.' to a field of only %s", async (_name, field, value) => {
    const res = await callAction(proposalCreate, jsonRequest("/x", { ...proposal, [field]: value }), ctx());
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe("This field is required.");
    expect(await rows()).toHaveLength(0);
  });

  it("stores names and messages NFC-normalised, without invisible characters at either end", async () => {
    const body = {
      ...proposal,
      proposer_name: "\u200b\u00a0Nguye\u0302\u0303n Co.\u202e",
      proposal_content: "\ufeffXin cha\u0300o\u2060 ",
    };
    expect((await callAction(proposalCreate, jsonRequest("/x", body), ctx())).status).toBe(200);
    expect(await rows()).toMatchObject([{ proposer_name: "Nguy\u1ec5n Co.", proposal_content: "Xin ch\u00e0o" }]);
  });

  it("translates the field messages to the request's language", async () => {
    const res = await callAction(proposalCreate, jsonRequest("/x", { ...proposal, proposer_name: "" }), ctx("vi"));
    expect(res.json.errors.proposer_name).toBeTruthy();
    expect(res.json.errors.proposer_name).not.toBe("This field is required.");
  });

  it("answers a filled honeypot with 200 and stores nothing", async () => {
    const res = await callAction(proposalCreate, jsonRequest("/x", { ...proposal, website: "https://spam.example" }), ctx());
    expect(res.status).toBe(200);
    expect(await rows()).toHaveLength(0);
  });

  describe("the contact-us form posted without JavaScript", () => {
    const post = async (form: Record<string, string>, context = ctx()) =>
      unwrap(
        await (contactAction as (a: unknown) => Promise<unknown>)({
          request: new Request("http://localhost/company/contact-us", {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(form),
          }),
          context,
          params: {},
        }),
      );
    it("stores the proposal when consent is ticked", async () => {
      expect(await post({ ...proposal, agree: "on", submission_id: "form-0001-abcd", website: "" })).toMatchObject({
        status: 200,
        body: { status: "sent" },
      });
      expect(await rows()).toHaveLength(1);
    });
    it("refuses without consent and gives back what was typed", async () => {
      const result = await post({ ...proposal, proposer_email: "" });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        status: "invalid",
        errors: { agree: "company.contact.consent.error", proposer_email: "common.errors.required" },
        values: { proposer_name: proposal.proposer_name, proposal_content: proposal.proposal_content },
      });
      expect(await rows()).toHaveLength(0);
    });
    it("over the per-IP limit answers 429 with Retry-After, before reading the body", async () => {
      const limited = testContext(testServices(handle.db, { limiter: createRateLimiter({ max: 1, windowMs: 60_000 }) }), "en", "10.0.0.9");
      expect((await post({ ...proposal, agree: "on", submission_id: "form-0002-abcd" }, limited)).status).toBe(200);
      const second = await post({ ...proposal, agree: "on", submission_id: "form-0003-abcd" }, limited);
      expect(second).toMatchObject({ status: 429, body: { status: "failed", reason: "rate_limited" } });
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await rows()).toHaveLength(1);
    });
    it("a storage failure answers 503 and says the post failed", async () => {
      const failing = failingInserts(handle.db);
      expect(await post({ ...proposal, agree: "on", submission_id: "form-0004-abcd" }, testContext(testServices(failing)))).toMatchObject({
        status: 503,
        body: { status: "failed", reason: "server" },
      });
    });
    it("a post without an id (no JavaScript yet) is stored once however often the same content arrives", async () => {
      const form = { ...proposal, agree: "on", submission_id: "", website: "" };
      const answers = await Promise.all([post(form), post(form), post(form)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(await rows()).toHaveLength(1);
      await post({ ...form, proposal_content: "Another idea." });
      expect(await rows()).toHaveLength(2);
    });
    it("the same content counts as one for a whole window, also across the window's edge, and not forever", async () => {
      const store = testServices(handle.db);
      const start = Math.ceil(Date.now() / CONTENT_WINDOW_MS) * CONTENT_WINDOW_MS - 1000;
      const send = (at: number) =>
        createProposal(store, { ...proposal, submission_id: contentSubmissionId(store.secret, "proposal", proposal, at) }, "en");
      expect((await send(start)).created).toBe(true);
      // Two seconds later, in the next window.
      expect((await send(start + 2000)).created).toBe(false);
      expect((await send(start + CONTENT_WINDOW_MS)).created).toBe(false);
      expect((await send(start + 2 * CONTENT_WINDOW_MS + 2000)).created).toBe(true);
      // Under another secret (another site) the same content is another id; nothing of it can be read back.
      const id = contentSubmissionId(store.secret, "proposal", proposal, start);
      expect(id).not.toBe(contentSubmissionId("x".repeat(32), "proposal", proposal, start));
      expect(id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
      expect(id).not.toContain(proposal.proposer_phone.replace(/\D/g, ""));
    });
    it("gives the page no per-visitor value (it is cached; the browser makes the submission id)", async () => {
      expect(load(contactLoader, ctx())).toEqual(load(contactLoader, ctx()));
      expect(load(contactLoader, ctx())).not.toHaveProperty("submissionId");
    });
  });
});

describe("company page loaders", () => {
  const services = (kakaoMapAppKey: string) => testServices({} as never, { kakaoMapAppKey });
  it("gives the location page the Kakao key from the environment, and none when it is unset (static fallback)", () => {
    expect(load(locationLoader, testContext(services("test-kakao-key"))).kakaoMapAppKey).toBe("test-kakao-key");
    expect(load(locationLoader, testContext(services(""))).kakaoMapAppKey).toBe("");
  });
  it("sends a page only its own part of the company strings", () => {
    const about = load<{ i18n: { locale: string; messages: Record<string, string> }; title: string }>(
      aboutLoader,
      testContext(services(""), "mn"),
    );
    const keys = Object.keys(about.i18n.messages);
    expect(about.i18n.locale).toBe("mn");
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.every((k) => k.startsWith("company.about."))).toBe(true);
    expect(about.title).toBe("Бидний тухай");
    const location = load<{ i18n: { messages: Record<string, string> } }>(locationLoader, testContext(services("")));
    expect(Object.keys(location.i18n.messages).every((k) => k.startsWith("company.location."))).toBe(true);
  });
});
