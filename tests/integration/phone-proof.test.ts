import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices, TEST_APP_SECRET } from "#tests/support/services.ts";
import { formOutcome } from "#tests/support/form-result.ts";
import { textedCode } from "#tests/support/texted-code.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { setTextSecret } from "#app/outbox/text.server.ts";
import { action as findForm } from "#app/routes/find-my-request.tsx";
import { action as rightsForm } from "#app/routes/privacy-rights.tsx";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { CODE_TRIES } from "#app/features/phone-proof/codes.server.ts";

/**
 * The pages that prove a number with a one-time code (issue 49 item 4, issue
 * 48 item 5; ADR 0049), through their actions as a browser posts them
 * without JavaScript: "find my request again" gives the number's status
 * links only with the code; a number we do not know gets the same answers;
 * the sixth wrong code is 429 with Retry-After; a refusal of contact, and
 * its lifting, take effect only with the code of their own purpose.
 */
const KNOWN = "01055556666";
const UNKNOWN = "01055557777";

describe.each(DIALECTS)("proving a number on %s", (dialect) => {
  let handle: TestDatabase;
  let ip = 0;
  const app = () => testServices(handle.db);
  const post = async (action: unknown, path: string, form: Record<string, string>, address: string) =>
    formOutcome(
      await (action as (a: unknown) => Promise<unknown>)({
        request: new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(form),
        }),
        context: testContext(app(), "vi", address),
        params: {},
      }),
    );
  const find = (form: Record<string, string>, address = "10.50.0.1") => post(findForm, "/find-my-request", form, address);
  const rights = (form: Record<string, string>, address = "10.60.0.1") => post(rightsForm, "/privacy-rights", form, address);
  const texts = async () =>
    Number(
      (
        await handle.db
          .selectFrom("alert_deliveries")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("channel", "=", "text")
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    setTextSecret(TEST_APP_SECRET);
    const res = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", sampleConsultation({ submissionId: `proof-${dialect}`, phone: "010-5555-6666" })),
      testContext(app(), "vi"),
    );
    expect(res.status).toBe(200);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it("find my request: the number, then its code, then its status link", async () => {
    const asked = await find({ step: "send", phone: "010-5555-6666" });
    expect(asked.status).toBe(200);
    expect(asked.headers.get("cache-control")).toBe("no-store");
    expect(asked.body).toEqual({ proof: { step: "code", phone: KNOWN, resent: false } });
    const code = await textedCode(handle.db, KNOWN);
    expect(code).toMatch(/^\d{6}$/);
    const opened = await find({ step: "check", phone: KNOWN, code: code! });
    expect(opened.status).toBe(200);
    const found = (opened.body as unknown as { found: { kind: string; path: string }[] }).found;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: "consultation", path: expect.stringMatching(/^\/status\/[A-Za-z0-9_-]{43}\?lang=vi$/) });
  });

  it("a number we do not know gets the same answers, and no text", async () => {
    const before = await texts();
    const asked = await find({ step: "send", phone: UNKNOWN }, "10.50.0.2");
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ proof: { step: "code", phone: UNKNOWN, resent: false } });
    expect(await texts()).toBe(before);
    const wrong = await find({ step: "check", phone: UNKNOWN, code: "123456" }, "10.50.0.2");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ proof: { step: "code", phone: UNKNOWN, error: "wrong", left: CODE_TRIES - 1 } });
  });

  it("the sixth wrong code is refused with 429 and Retry-After, the right one too", async () => {
    await find({ step: "send", phone: KNOWN }, "10.50.0.3");
    const code = (await textedCode(handle.db, KNOWN))!;
    const wrong = code === "000000" ? "999999" : "000000";
    for (let i = 1; i <= CODE_TRIES; i++) expect((await find({ step: "check", phone: KNOWN, code: wrong }, "10.50.0.3")).status).toBe(400);
    const sixth = await find({ step: "check", phone: KNOWN, code }, "10.50.0.3");
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(200);
    expect(sixth.body).toMatchObject({ proof: { step: "code", error: "locked" } });
  });

  it("hostile numbers and codes are a 400 with the form again, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), fc.constantFrom("send", "check", "resend", "", "x"), async (phone, step) => {
        const answer = await find({ step, phone, code: phone }, `10.51.${ip++ % 250}.1`);
        expect([200, 400, 429]).toContain(answer.status);
      }),
      { numRuns: 25 },
    );
  });

  it("refusing contact: nothing until the code, then the number is on the list", async () => {
    const asked = await rights({ request: "refuse_contact", phone: KNOWN });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ proof: { step: "code", phone: KNOWN, keep: { request: "refuse_contact" } } });
    expect(await handle.db.selectFrom("do_not_contact").select("id").execute()).toEqual([]);
    expect(await handle.db.selectFrom("rights_requests").select("id").execute()).toEqual([]);

    const code = (await textedCode(handle.db, KNOWN))!;
    // A code of another purpose (find) does not serve.
    await find({ step: "send", phone: KNOWN }, "10.50.0.9");
    const findCode = (await textedCode(handle.db, KNOWN))!;
    if (findCode !== code) {
      const crossed = await rights({ request: "refuse_contact", phone: KNOWN, step: "check", code: findCode });
      expect(crossed.status).toBe(400);
      expect(await handle.db.selectFrom("do_not_contact").select("id").execute()).toEqual([]);
    }
    const done = await rights({ request: "refuse_contact", phone: KNOWN, step: "check", code });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "sent", kind: "refuse_contact" });
    expect(await handle.db.selectFrom("do_not_contact").select(["phone", "operator_id"]).execute()).toEqual([
      { phone: KNOWN, operator_id: null },
    ]);
    const asked2 = await handle.db.selectFrom("rights_requests").select(["request_kind", "proven_at", "status"]).executeTakeFirstOrThrow();
    expect(asked2).toMatchObject({ request_kind: "refuse_contact", status: "closed" });
    expect(asked2.proven_at).not.toBeNull();
  });

  it("a refusal for a number that is not a Korean mobile cannot be proven, and says so", async () => {
    const answer = await rights({ request: "refuse_contact", phone: "0212345678" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: "invalid", errors: { phone: "rights.proof.mobile" } });
  });

  it("lifting the refusal: with its own code, audited", async () => {
    // The number has had its three codes of this quarter hour: a quarter hour later (a fake clock).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const asked = await rights({ request: "allow_contact", phone: KNOWN }, "10.60.0.2");
    expect(asked.body).toMatchObject({ proof: { step: "code" } });
    const code = (await textedCode(handle.db, KNOWN))!;
    const done = await rights({ request: "allow_contact", phone: KNOWN, step: "check", code }, "10.60.0.2");
    expect(done.body).toMatchObject({ status: "sent", kind: "allow_contact" });
    expect(await handle.db.selectFrom("do_not_contact").select("id").execute()).toEqual([]);
    const audited = await handle.db.selectFrom("admin_audit_log").select("detail").where("record_kind", "=", "rights").execute();
    expect(audited.map((a) => a.detail).join("\n")).toContain("do_not_contact lifted");
    expect(JSON.stringify(audited)).not.toContain(KNOWN);
    vi.useRealTimers();
  });

  it("a fourth code for the number within a quarter hour is refused with Retry-After, whoever asks", async () => {
    // A number with a request (a code goes out each time).
    await rights({ request: "refuse_contact", phone: "01055559999" }, "10.50.0.76");
    expect((await find({ step: "send", phone: "01055559999" }, "10.50.0.77")).status).toBe(200);
    expect((await find({ step: "send", phone: "01055559999" }, "10.50.0.78")).status).toBe(200);
    const over = await find({ step: "send", phone: "01055559999" }, "10.50.0.79");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same refusal for a number we do not know.
    for (const a of ["10.52.0.1", "10.52.0.2", "10.52.0.3"]) await find({ step: "send", phone: "01055558888" }, a);
    const unknownOver = await find({ step: "send", phone: "01055558888" }, "10.52.0.4");
    expect(unknownOver.status).toBe(429);
    expect(unknownOver.body).toEqual({
      proof: { step: "phone", errors: {}, values: { phone: "01055558888" }, retryAfter: expect.any(Number) },
    });
  });
});
