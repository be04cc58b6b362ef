import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { sampleConsultation, SAMPLE_CONSULTATION_FORM } from "#tests/support/consultation-sample.ts";
import { formOutcome } from "#tests/support/form-result.ts";
import { STATUS_MISSES_PER_WINDOW } from "#app/features/request-status/page.server.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { action as proposalCreate } from "#app/routes/svc.proposal.ts";
import { action as purchaseCreate } from "#app/routes/svc.purchase.ts";
import { action as consultationForm } from "#app/routes/loan-consultation.tsx";
import { action as rightsForm } from "#app/routes/privacy-rights.tsx";
import { loader as statusLoader, action as statusAction } from "#app/routes/status.tsx";
import { createAsRequest } from "#app/features/counter-inquiry/requests.server.ts";
import { hashToken } from "#app/requests/status-link.server.ts";
import { DEFAULT_CALENDAR, callSlots } from "#app/business/calendar.ts";
import { readFlash } from "#app/lib/flash.server.ts";
import type { Locale } from "#app/i18n/locales.ts";

/** Issue 28: the private status link of every request, its page, and the visitor's two actions. */
describe.each(DIALECTS)("request status links on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());
  const app = () => testServices(handle.db);

  const tokenOf = (url: string) => /\/status\/([A-Za-z0-9_-]{43})\?lang=/.exec(url)?.[1] ?? "";

  async function consultation(submissionId = randomUUID(), body: Record<string, unknown> = {}, lang: Locale = "vi") {
    const res = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", { ...sampleConsultation({ submissionId }), ...body }),
      testContext(app(), lang),
    );
    expect(res.status).toBe(200);
    return (res.json.data as { status_url: string }).status_url;
  }

  async function page(token: string, lang: Locale = "en", ip = "127.0.0.1") {
    const result = await (statusLoader as (a: unknown) => Promise<unknown>)({
      request: new Request(`http://localhost/status/${token}?lang=${lang}`),
      params: { token },
      context: testContext(app(), lang, ip),
    });
    return formOutcome(result);
  }

  async function act(token: string, fields: Record<string, string>, lang: Locale = "en") {
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

  const consultationIdOf = async (token: string) =>
    (
      await handle.db
        .selectFrom("request_status_links")
        .select("request_id")
        .where("token_hash", "=", hashToken(token))
        .executeTakeFirstOrThrow()
    ).request_id;

  it("issues one link per request: a retried submission gets the same link, and only its hash is stored", async () => {
    const id = randomUUID();
    const first = await consultation(id);
    const again = await consultation(id);
    expect(first).toMatch(/^http:\/\/localhost\/status\/[A-Za-z0-9_-]{43}\?lang=vi$/);
    expect(again).toBe(first);
    const token = tokenOf(first);
    const rows = await handle.db
      .selectFrom("request_status_links")
      .selectAll()
      .where("request_id", "=", await consultationIdOf(token))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    // The token itself is in no column of any table.
    const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
    for (const table of tables) {
      const all = await handle.db
        .selectFrom(table as "proposals")
        .selectAll()
        .execute();
      expect(JSON.stringify(all)).not.toContain(token);
    }
  });

  it("gives every kind of request its link: proposal, purchase and A/S from the API, the no-JavaScript forms too", async () => {
    const proposal = await callAction(
      proposalCreate,
      jsonRequest("/svc/proposal/create", {
        proposer_name: "Org",
        proposer_phone: "0212345678",
        proposer_email: "a@example.org",
        proposal_content: "Hi",
        submission_id: randomUUID(),
      }),
      testContext(app(), "id"),
    );
    expect((proposal.json.data as { status_url: string }).status_url).toMatch(/\/status\/[\w-]{43}\?lang=id$/);
    const purchase = await callAction(
      purchaseCreate,
      jsonRequest("/svc/purchase/create", {
        applicant_name: "홍길동",
        contact_phone: "01011112222",
        applicant_addr: "서울",
        inquiry_content: "문의",
        submission_id: randomUUID(),
      }),
      testContext(app(), "mn"),
    );
    expect((purchase.json.data as { status_url: string }).status_url).toMatch(/\/status\/[\w-]{43}\?lang=mn$/);
    const as = await createAsRequest(
      app(),
      { applicant_name: "A", contact_phone: "01011112222", applicant_addr: "B", inquiry_content: "C", submission_id: randomUUID() },
      [],
      "my",
    );
    expect((await page(as.statusToken, "my")).status).toBe(200);

    // The consultation form without JavaScript: the link travels in the one-time flash, never in the URL.
    const posted = formOutcome(
      await (consultationForm as (a: unknown) => Promise<unknown>)({
        request: new Request("http://localhost/loan-consultation?lang=en", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...SAMPLE_CONSULTATION_FORM, submissionId: randomUUID() }),
        }),
        context: testContext(app(), "en"),
        params: {},
      }),
    );
    expect(posted.status).toBe(302);
    expect(posted.location).not.toContain("status");
    const cookie = posted.headers.get("set-cookie")!.split(";")[0]!;
    const flash = await readFlash(new Request("http://localhost/", { headers: { cookie } }), app().secret);
    expect(flash?.statusPath).toMatch(/^\/status\/[\w-]{43}\?lang=en$/);

    // A rights request answers with its link too.
    const rights = formOutcome(
      await (rightsForm as (a: unknown) => Promise<unknown>)({
        request: new Request("http://localhost/privacy-rights", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ request: "access", phone: "01033334444" }),
        }),
        context: testContext(app(), "vi"),
        params: {},
      }),
    );
    expect(rights.body?.statusPath).toMatch(/^\/status\/[\w-]{43}\?lang=vi$/);
  });

  it("answers the page with no-store, noindex and no-referrer; an unknown, malformed or expired link is a 404 with the same headers", async () => {
    const token = tokenOf(await consultation());
    const found = await page(token);
    expect(found.status).toBe(200);
    for (const answer of [found, await page("x".repeat(43)), await page("not-a-token")]) {
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
      expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
    expect((await page("x".repeat(43))).status).toBe(404);
    // Past the request's retention the link opens nothing.
    await handle.db
      .updateTable("request_status_links")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", hashToken(token))
      .execute();
    expect((await page(token)).status).toBe(404);
  });

  it("never shows a name, the full phone number or an operator's note", async () => {
    const token = tokenOf(
      await consultation(randomUUID(), {
        answer_list: sampleConsultation({ submissionId: "x", name: "SECRET NAME", phone: "01098761234" }).answer_list,
      }),
    );
    const id = await consultationIdOf(token);
    await handle.db.updateTable("consultation_answers").set({ operator_note: "OPERATOR NOTE" }).where("id", "=", id).execute();
    const shown = JSON.stringify((await page(token)).body);
    expect(shown).not.toContain("SECRET NAME");
    expect(shown).not.toContain("01098761234");
    expect(shown).not.toContain("OPERATOR NOTE");
    expect(shown).toContain("010****1234");
  });

  it("says where the request stands for each status, through the one adapter", async () => {
    const token = tokenOf(await consultation());
    const id = await consultationIdOf(token);
    const linesAt = async (status: "new" | "contacting" | "with_lender" | "closed") => {
      await handle.db.updateTable("consultation_answers").set({ status }).where("id", "=", id).execute();
      const { view } = (await page(token)).body as unknown as { view: { lines: { key: string }[]; actionable: boolean } };
      return { keys: view.lines.map((l) => l.key), actionable: view.actionable };
    };
    expect(await linesAt("new")).toEqual({ keys: ["status.stage.new", "status.next.callSoon"], actionable: true });
    expect(await linesAt("contacting")).toEqual({ keys: ["status.stage.contacting", "status.next.callSoon"], actionable: true });
    await handle.db.updateTable("consultation_answers").set({ lender: "Sample Savings Bank" }).where("id", "=", id).execute();
    expect(await linesAt("with_lender")).toEqual({ keys: ["status.stage.with_lender", "status.next.withLender"], actionable: true });
    expect(await linesAt("closed")).toEqual({ keys: ["status.stage.closed"], actionable: false });
  });

  it("moves the call-back to a chosen slot, audited as the visitor's own act; refuses a slot outside the hours and a closed request", async () => {
    const token = tokenOf(await consultation());
    const id = await consultationIdOf(token);
    const slot = callSlots(DEFAULT_CALENDAR, new Date())[3]!.toISOString();
    const moved = await act(token, { intent: "reschedule", slot });
    expect(moved).toMatchObject({ status: 200, body: { ok: "rescheduled", at: slot } });
    const { view } = (await page(token)).body as unknown as { view: { lines: { key: string }[] } };
    expect(view.lines.map((l) => l.key)).toContain("status.next.callback");
    const audit = await handle.db
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("record_id", "=", id)
      .where("action", "=", "visitor_reschedule")
      .execute();
    expect(audit).toMatchObject([{ operator_id: null, operator_email: "(visitor)", record_kind: "consultation" }]);

    // 03:00 KST is outside the hours; a time in the past or beyond 7 days is refused alike.
    const night = new Date(Date.now() + 2 * 86_400_000);
    night.setUTCHours(18, 0, 0, 0);
    expect(await act(token, { intent: "reschedule", slot: night.toISOString() })).toMatchObject({ status: 400, body: { error: "slot" } });
    expect(await act(token, { intent: "reschedule", slot: "tomorrow" })).toMatchObject({ status: 400, body: { error: "slot" } });

    await handle.db.updateTable("consultation_answers").set({ status: "closed" }).where("id", "=", id).execute();
    expect(await act(token, { intent: "reschedule", slot })).toMatchObject({ status: 409, body: { error: "closed" } });
    expect(await act(token, { intent: "withdraw", confirm: "yes" })).toMatchObject({ status: 409, body: { error: "closed" } });
  });

  it("withdraws after a confirmation step: the personal data is erased, the link says what was deleted, a second try is refused", async () => {
    const marker = `WITHDRAW-${randomUUID()}`;
    const token = tokenOf(
      await consultation(randomUUID(), { answer_list: sampleConsultation({ submissionId: "x", name: marker }).answer_list }),
    );
    const id = await consultationIdOf(token);
    expect(await act(token, { intent: "withdraw" })).toMatchObject({ status: 200, body: { error: "confirm" } });
    expect(await handle.db.selectFrom("consultation_answers").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();

    expect(await act(token, { intent: "withdraw", confirm: "yes" })).toMatchObject({ status: 200, body: { ok: "withdrawn" } });
    expect(await handle.db.selectFrom("consultation_answers").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await handle.db.selectFrom("consultation_answer_items").select("id").where("answer_id", "=", id).execute()).toEqual([]);
    expect(await handle.db.selectFrom("consent_records").select("id").where("answer_id", "=", id).execute()).toEqual([]);
    const shown = (await page(token)).body as unknown as { view: { stage: string; lines: { key: string }[] } };
    expect(shown.view.stage).toBe("withdrawn");
    expect(shown.view.lines.map((l) => l.key)).toEqual(["status.withdrawn.body", "status.withdrawn.deleted", "status.withdrawn.again"]);
    const audit = await handle.db
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("record_id", "=", id)
      .where("action", "=", "visitor_withdraw")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(marker);
    expect(await act(token, { intent: "withdraw", confirm: "yes" })).toMatchObject({ status: 409, body: { error: "closed" } });

    if (dialect === "sqlite") {
      const file = handle.url.slice("file:".length);
      for (const suffix of ["", "-wal"])
        if (existsSync(file + suffix)) expect(readFileSync(file + suffix).includes(Buffer.from(marker, "utf8"))).toBe(false);
    }
  });

  it("refuses guessing links per address, never the owner of one (issue 39, item 4)", async () => {
    // A strict limiter (3 a window): the guard against guessing keeps its own figure.
    const limited = testServices(handle.db, {
      limiter: (await import("#app/lib/rate-limit.server.ts")).createRateLimiter({ max: 3, windowMs: 60_000 }),
    });
    const look = (token: string, ip: string) =>
      (statusLoader as (a: unknown) => Promise<unknown>)({
        request: new Request(`http://localhost/status/${token}`),
        params: { token },
        context: testContext(limited, "en", ip),
      }).then(formOutcome, (thrown: unknown) => formOutcome(thrown));
    const own = tokenOf(await consultation());
    // The owner refreshing their page while waiting for a call: 60 looks in a minute, none refused.
    for (let i = 0; i < 60; i++) expect((await look(own, "10.9.9.8")).status).toBe(200);

    const guesses = [];
    for (let i = 0; i < STATUS_MISSES_PER_WINDOW + 3; i++)
      guesses.push(await look(`${"y".repeat(40)}${String(i).padStart(3, "0")}`, "10.9.9.9"));
    expect(guesses.map((g) => g.status)).toEqual([...Array(STATUS_MISSES_PER_WINDOW + 1).fill(404), 429, 429]);
    const refused = guesses.at(-1)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toEqual({ refusal: "too_many", retryAfter: Number(refused.headers.get("retry-after")) });
    // Past the guard, even a real link is refused from that address: a refusal tells nothing about a token.
    expect((await look(own, "10.9.9.9")).status).toBe(429);
    expect((await look(own, "10.9.9.8")).status).toBe(200);

    // Its posts too (issue 51): "close my request", confirmed, answers 429 with Retry-After and the seconds, and closes nothing.
    const post = (ip: string, fields: Record<string, string>) =>
      (statusAction as (a: unknown) => Promise<unknown>)({
        request: new Request(`http://localhost/status/${own}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
        }),
        params: { token: own },
        context: testContext(limited, "en", ip),
      }).then(formOutcome);
    const closing = await post("10.9.9.9", { intent: "withdraw", confirm: "yes" });
    expect(closing.status).toBe(429);
    const wait = Number(closing.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(closing.body).toEqual({ error: "rate_limited", retryAfter: wait });
    expect((await post("10.9.9.8", { intent: "withdraw" })).body).toEqual({ error: "confirm" });
  });
});
