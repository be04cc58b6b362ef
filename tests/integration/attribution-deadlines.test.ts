import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { sampleConsultation, SAMPLE_CONSULTATION_FORM } from "#tests/support/consultation-sample.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { action as consultationForm } from "#app/routes/loan-consultation.tsx";
import { action as proposalForm } from "#app/routes/company.contact-us.tsx";
import { createRightsRequest } from "#app/features/privacy-rights/rights.server.ts";
import { openDeadlines, overdueCount, recordAnswer } from "#app/features/privacy-rights/deadlines.server.ts";
import { sourceFunnel, DIRECT } from "#app/features/attribution/funnel.server.ts";
import { sourcesOf } from "#app/features/attribution/console.server.ts";
import { hashToken } from "#app/requests/status-link.server.ts";
import { statusFacts } from "#app/features/request-status/status.server.ts";
import { findStatusLink } from "#app/requests/status-link.server.ts";

/** Issue 28, points 4 and 5: where each request came from, and the deadlines of rights requests. */
describe.each(DIALECTS)("attribution and rights deadlines on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());
  const app = () => testServices(handle.db);

  async function viaApi(source?: unknown) {
    const id = randomUUID();
    const res = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", { ...sampleConsultation({ submissionId: id }), ...(source === undefined ? {} : { source }) }),
      testContext(app(), "en"),
    );
    expect(res.status).toBe(200);
    const token = /\/status\/([\w-]{43})/.exec((res.json.data as { status_url: string }).status_url)![1]!;
    const link = await handle.db
      .selectFrom("request_status_links")
      .select("request_id")
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirstOrThrow();
    return link.request_id;
  }

  const sourceOf = async (kind: string, id: number) =>
    handle.db.selectFrom("request_sources").selectAll().where("request_kind", "=", kind).where("request_id", "=", id).executeTakeFirst();

  it("stores the source from each entry path: a UTM landing, a banner tap, a referring site, and none", async () => {
    const utm = await viaApi({ utm_source: "facebook", utm_medium: "social", utm_campaign: "winter-e9" });
    expect(await sourceOf("consultation", utm)).toMatchObject({
      utm_source: "facebook",
      utm_medium: "social",
      utm_campaign: "winter-e9",
      banner_key: null,
      referrer_domain: null,
      eligibility_used: 0,
    });
    const banner = await viaApi({ banner: "regional-bank-general", eligibility: "1" });
    expect(await sourceOf("consultation", banner)).toMatchObject({
      banner_key: "regional-bank-general",
      utm_source: null,
      eligibility_used: 1,
    });
    const referrer = await viaApi({ referrer: "www.Blog.Example.COM" });
    expect(await sourceOf("consultation", referrer)).toMatchObject({ referrer_domain: "blog.example.com", utm_source: null });
    const none = await viaApi();
    expect(await sourceOf("consultation", none)).toBeUndefined();
    // Junk is dropped, never refused: the request is stored, the junk is not.
    const junk = await viaApi({ utm_source: "<script>", banner: "../../etc", referrer: "javascript:alert(1)", extra: "x" });
    expect(await sourceOf("consultation", junk)).toBeUndefined();
  });

  it("without JavaScript, takes the UTM tags the post shows (its own query, else its same-site Referer), and nothing from another site", async () => {
    const post = async (url: string, referer?: string) =>
      (consultationForm as (a: unknown) => Promise<unknown>)({
        request: new Request(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...(referer ? { referer } : {}) },
          body: new URLSearchParams({ ...SAMPLE_CONSULTATION_FORM, submissionId: randomUUID() }),
        }),
        context: testContext(app(), "en"),
        params: {},
      });
    const latest = async () =>
      (await handle.db.selectFrom("consultation_answers").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
    await post("http://localhost/loan-consultation?utm_source=tiktok&utm_campaign=jan");
    expect(await sourceOf("consultation", await latest())).toMatchObject({ utm_source: "tiktok", utm_campaign: "jan" });
    await post("http://localhost/loan-consultation", "http://localhost/loan-consultation?utm_source=naver&utm_medium=blog");
    expect(await sourceOf("consultation", await latest())).toMatchObject({ utm_source: "naver", utm_medium: "blog" });
    await post("http://localhost/loan-consultation", "https://elsewhere.example.com/?utm_source=spoof");
    expect(await sourceOf("consultation", await latest())).toBeUndefined();
    // src_* fields, when a form sends them, count before what the post shows.
    await (proposalForm as (a: unknown) => Promise<unknown>)({
      request: new Request("http://localhost/company/contact-us", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          proposer_name: "Org",
          proposer_phone: "0212345678",
          proposer_email: "a@example.org",
          proposal_content: "Hi",
          agree: "on",
          src_referrer: "partner.example.org",
        }),
      }),
      context: testContext(app(), "en"),
      params: {},
    });
    const proposal = (await handle.db.selectFrom("proposals").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
    expect(await sourceOf("proposal", proposal)).toMatchObject({ referrer_domain: "partner.example.org" });
  });

  it("shows sources in the inbox's words and counts taps → requests per banner and per source for a period", async () => {
    const fresh = await freshDatabase(dialect);
    try {
      const svc = testServices(fresh.db);
      const send = async (source?: unknown) =>
        callAction(
          answerCreate,
          jsonRequest("/svc/answer/create", { ...sampleConsultation({ submissionId: randomUUID() }), ...(source ? { source } : {}) }),
          testContext(svc, "en"),
        );
      await send({ banner: "regional-bank-general", utm_source: "facebook" });
      await send({ banner: "regional-bank-general" });
      await send({ referrer: "blog.example.com" });
      await send();
      const at = new Date().toISOString();
      await fresh.db
        .insertInto("banner_redirect_logs")
        .values([1, 2, 3].map(() => ({ partner_name: "regional-bank-general", redirect_url: "https://bank.example.com/", created_at: at })))
        .execute();
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date());
      const funnel = await sourceFunnel(fresh.db, { from: today, to: today }, ["regional-bank-general", "savings-bank"]);
      expect(funnel.banners).toEqual([
        { key: "regional-bank-general", taps: 3, requests: 2, consulted: 0, approved: 0 },
        { key: "savings-bank", taps: 0, requests: 0, consulted: 0, approved: 0 },
      ]);
      expect(funnel.sources).toEqual([
        { key: DIRECT, taps: null, requests: 2, consulted: 0, approved: 0 },
        { key: "blog.example.com", taps: null, requests: 1, consulted: 0, approved: 0 },
        { key: "facebook", taps: null, requests: 1, consulted: 0, approved: 0 },
      ]);
      const ids = (await fresh.db.selectFrom("consultation_answers").select("id").orderBy("id").execute()).map((r) => ({
        kind: "consultation",
        id: r.id,
      }));
      const shown = await sourcesOf(fresh.db, ids);
      expect(Object.values(shown)).toEqual([
        { utm: "facebook", banner: "regional-bank-general", referrer: null, eligibility: false },
        { utm: null, banner: "regional-bank-general", referrer: null, eligibility: false },
        { utm: null, banner: null, referrer: "blog.example.com", eligibility: false },
      ]);
    } finally {
      await fresh.cleanup();
    }
  });

  it("gives each rights request its deadline and status link; lists open ones overdue first; an answer closes one", async () => {
    const fresh = await freshDatabase(dialect);
    try {
      const svc = testServices(fresh.db);
      const received = new Date("2026-11-02T01:00:00Z"); // 10:00 KST, the 2nd
      const access = await createRightsRequest(svc, { request: "access", phone: "01011112222", message: "" }, "vi", received);
      const complaint = await createRightsRequest(
        svc,
        { request: "complaint", phone: "01033334444", message: "No call back" },
        "en",
        received,
      );
      const erase = await createRightsRequest(
        svc,
        { request: "erase", phone: "01055556666", message: "" },
        "en",
        new Date("2026-11-08T01:00:00Z"),
      );
      const due = async (id: number) =>
        (await fresh.db.selectFrom("rights_requests").select("due_at").where("id", "=", id).executeTakeFirstOrThrow()).due_at;
      expect(await due(access.id)).toBe("2026-11-10T14:59:59.999Z");
      expect(await due(complaint.id)).toBe("2026-11-16T14:59:59.999Z");
      expect(await due(erase.id)).toBe("2026-11-18T14:59:59.999Z");
      expect(
        (await fresh.db.selectFrom("rights_requests").select("message").where("id", "=", complaint.id).executeTakeFirstOrThrow()).message,
      ).toBe("No call back");

      // The status link shows the deadline.
      const link = await findStatusLink(fresh.db, access.statusToken, received);
      const facts = await statusFacts(fresh.db, link!);
      expect(facts?.rights).toEqual({ request: "access", dueAt: "2026-11-10T14:59:59.999Z", answeredAt: null });

      const now = new Date("2026-11-12T03:00:00Z"); // access is 2 days late, complaint has 4 days left
      const open = await openDeadlines(fresh.db, now);
      expect(open.map((r) => [r.request, r.overdue, r.daysLeft])).toEqual([
        ["access", true, -2],
        ["complaint", false, 4],
        ["erase", false, 6],
      ]);
      expect(await overdueCount(fresh.db, now)).toBe(1);

      expect(await recordAnswer(fresh.db, access.id, { by: "ops@example.com", method: "email", note: "sent a copy" }, now)).toBe(true);
      expect(await recordAnswer(fresh.db, access.id, { by: "ops@example.com", method: "phone", note: "" }, now)).toBe(false);
      expect(
        await fresh.db
          .selectFrom("rights_requests")
          .select(["status", "answered_at", "answered_by", "answer_method"])
          .where("id", "=", access.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({
        status: "closed",
        answered_at: now.toISOString(),
        answered_by: "ops@example.com",
        answer_method: "email",
      });
      expect(await overdueCount(fresh.db, now)).toBe(0);
      expect((await openDeadlines(fresh.db, now)).map((r) => r.request)).toEqual(["complaint", "erase"]);
      const answered = await statusFacts(fresh.db, (await findStatusLink(fresh.db, access.statusToken, now))!);
      expect(answered?.rights?.answeredAt).toBe(now.toISOString());
    } finally {
      await fresh.cleanup();
    }
  });
});
