import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices, TEST_APP_SECRET } from "#tests/support/services.ts";
import { setTextSecret } from "#app/outbox/text.server.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { formOutcome } from "#tests/support/form-result.ts";
import { textedCode } from "#tests/support/texted-code.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { action as rightsForm } from "#app/routes/privacy-rights.tsx";
import { createProposal } from "#app/features/company/proposal.server.ts";
import { createAsRequest, createPurchaseRequest } from "#app/features/counter-inquiry/requests.server.ts";
import { eraseByPhone, withdrawMarketing } from "#app/requests/erase.server.ts";
import { exportRequests } from "#app/features/pipeline/export.server.ts";
import { adminTFor } from "#app/features/console/i18n.server.ts";
import { digitsOnly } from "#app/lib/schema.ts";
import { callRoute, createOperator, csrfOf, get, post as consolePost, signInCookie } from "#tests/support/admin.ts";
import * as privacyPage from "#app/routes/admin.privacy.tsx";
import * as exportFile from "#app/routes/admin.export.ts";
import { openAesZip } from "#app/lib/aes-zip.server.ts";

/** Issue 16, point 4: a person's rights over their data, by the phone number they gave. */
const PHONE = "01055556666";
const OTHER = "01077778888";

describe.each(DIALECTS)("visitors' rights on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    setTextSecret(TEST_APP_SECRET);
  });
  afterAll(async () => handle.cleanup());
  const app = () => testServices(handle.db);

  /** One request of every kind under `phone`, typed the ways people type it. */
  async function everythingOf(phone: string, tag: string) {
    const dashed = `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`;
    const context = testContext(app(), "vi");
    const res = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", { ...sampleConsultation({ submissionId: `rights-${tag}`, phone: dashed, marketing: "Y" }) }),
      context,
    );
    expect(res.status).toBe(200);
    const inquiry = {
      applicant_name: "홍길동",
      contact_phone: phone,
      applicant_addr: "서울",
      inquiry_content: "문의",
      submission_id: `as-${tag}`,
    };
    await createAsRequest(
      app(),
      inquiry,
      [{ content_type: "image/jpeg", byte_size: 3, width: 1, height: 1, data: Buffer.from([1, 2, 3]) }],
      "en",
    );
    await createPurchaseRequest(app(), { ...inquiry, submission_id: `pu-${tag}` }, "en");
    await createProposal(
      app(),
      { proposer_name: "Org", proposer_phone: dashed, proposer_email: "a@example.org", proposal_content: "Hi", submission_id: `pr-${tag}` },
      "en",
    );
  }

  /** The request as the browser posts it; an erasure then with the code texted to the number, when one was (ADR 0049). */
  const post = async (form: Record<string, string>, locale: "en" | "mn" = "en") => {
    const first = await postOnce(form, locale);
    const body = first.body as { proof?: { step: string; phone: string } } | undefined;
    if (body?.proof?.step !== "code") return first;
    const code = await textedCode(handle.db, body.proof.phone);
    return code ? postOnce({ ...form, step: "check", code }, locale) : first;
  };
  const postOnce = async (form: Record<string, string>, locale: "en" | "mn" = "en") =>
    formOutcome(
      await (rightsForm as (a: unknown) => Promise<unknown>)({
        request: new Request("http://localhost/privacy-rights", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(form),
        }),
        context: testContext(app(), locale, "10.20.30.40"),
        params: {},
      }),
    );

  /** Every table's every value that carries the number's digits. */
  async function mentionsOf(phone: string) {
    // This test's own schema only: on a shared PostgreSQL, other tests' schemas hold other tables.
    const own = dialect === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]!.s : undefined;
    const tables = (await handle.db.introspection.getTables()).filter((t) => own === undefined || t.schema === own).map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining(["consultation_answer_items", "proposals", "as_requests", "rights_requests", "alert_deliveries"]),
    );
    const found: string[] = [];
    for (const table of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(handle.db)).rows;
      for (const row of rows)
        for (const [column, value] of Object.entries(row))
          if (typeof value === "string" && digitsOnly(value).includes(phone)) found.push(`${table}.${column}`);
    }
    return found;
  }

  it("takes a request from the form, in any language, and answers the same whether the number is known or not", async () => {
    await everythingOf(OTHER, "known");
    // An erasure asks for the code sent to the number first (ADR 0049), in the same words for any number.
    const unknown = await postOnce({ request: "erase", phone: "010-9999-0000" });
    const asked = await postOnce({ request: "erase", phone: OTHER }, "mn");
    expect(unknown).toMatchObject({ status: 200, body: { proof: { step: "code", phone: "01099990000", keep: { request: "erase" } } } });
    expect(asked).toMatchObject({ status: 200, body: { proof: { step: "code", phone: OTHER, keep: { request: "erase" } } } });
    expect(await handle.db.selectFrom("rights_requests").select("id").execute()).toEqual([]);
    // Only the number's owner has the code: then the request is recorded, proven.
    const known = await post({ request: "erase", phone: OTHER }, "mn");
    expect(known).toMatchObject({ status: 200, body: { status: "sent" } });
    const rows = await handle.db.selectFrom("rights_requests").select(["request_kind", "phone", "lang"]).orderBy("id").execute();
    expect(rows).toEqual([{ request_kind: "erase", phone: OTHER, lang: "mn" }]);
  });

  it("stores a double tap once, and refuses a bad request with the catalog's keys, storing nothing", async () => {
    const before = (await handle.db.selectFrom("rights_requests").select("id").execute()).length;
    await post({ request: "withdraw_marketing", phone: "01012121212" });
    await post({ request: "withdraw_marketing", phone: "010-1212-1212" });
    expect((await handle.db.selectFrom("rights_requests").select("id").execute()).length).toBe(before + 1);
    const bad = await post({ request: "sell", phone: "12" });
    expect(bad).toMatchObject({
      status: 400,
      body: { status: "invalid", errors: { request: "rights.deadline.errors.request", phone: "rights.errors.phone" } },
    });
    expect((await handle.db.selectFrom("rights_requests").select("id").execute()).length).toBe(before + 1);
  });

  it("records a marketing withdrawal with its day, and the CSV export shows it", async () => {
    await everythingOf(PHONE, "withdraw");
    expect(await withdrawMarketing(handle.db, PHONE, new Date("2026-11-25T03:00:00Z"))).toBe(1);
    expect(await withdrawMarketing(handle.db, PHONE)).toBe(0);
    const consents = await handle.db
      .selectFrom("consent_records")
      .select(["policy_kind", "withdrawn_at"])
      .where("withdrawn_at", "is not", null)
      .execute();
    expect(consents).toEqual([{ policy_kind: "marketing", withdrawn_at: "2026-11-25T03:00:00.000Z" }]);
    const { csv } = await exportRequests(handle.db, "consultation", {}, adminTFor("en"));
    expect(csv).toMatch(/marketing \S+ Y withdrawn 2026-11-25/);
  });

  it("erases every row that mentions the number, in every table, and nothing of anyone else", async () => {
    await everythingOf(PHONE, "erase");
    await post({ request: "erase", phone: PHONE });
    expect((await mentionsOf(PHONE)).length).toBeGreaterThan(5);
    const othersBefore = await mentionsOf(OTHER);

    const counts = await eraseByPhone(handle.db, PHONE);
    expect(counts).toEqual({ consultation: 2, proposal: 2, as: 2, purchase: 2, rights: 1 });
    expect(await mentionsOf(PHONE)).toEqual([]);
    expect(await mentionsOf(OTHER)).toEqual(othersBefore);
    expect(await eraseByPhone(handle.db, PHONE)).toEqual({ consultation: 0, proposal: 0, as: 0, purchase: 0, rights: 0 });
  });

  /** A rights request under a new number with one request of every kind, and a signed-in administrator. */
  async function consoleCase(number: string, kind: "erase" | "withdraw_marketing", email: string) {
    await everythingOf(number, email.split("@")[0]!);
    await post({ request: kind, phone: number });
    const asked = await handle.db.selectFrom("rights_requests").select("id").where("phone", "=", number).executeTakeFirstOrThrow();
    await createOperator(handle.db, email, "correct horse battery");
    const cookie = await signInCookie(app(), email, "correct horse battery");
    const csrf = await csrfOf(app(), cookie);
    const carryOut = (intent: string, identity: Record<string, string> = {}) =>
      callRoute(privacyPage, "guarded", consolePost("/admin/privacy", { csrf, id: String(asked.id), intent, ...identity }, cookie), app());
    return { asked, cookie, carryOut };
  }
  const auditOf = (action: "privacy_erase" | "privacy_copy", email: string) =>
    handle.db
      .selectFrom("admin_audit_log")
      .select(["action", "detail", "record_kind", "record_id"])
      .where("action", "=", action)
      .where("operator_email", "=", email)
      .execute();

  it("the console carries out an erasure request once identity is confirmed, and the audit log keeps how, and the counts, never the number", async () => {
    const number = "01023232323";
    const { cookie, carryOut } = await consoleCase(number, "erase", "privacy@example.com");
    const page = await callRoute(privacyPage, "guarded", get("/admin/privacy", cookie), app());
    expect(page.status).toBe(200);
    expect((await carryOut("withdraw_marketing")).status).toBe(400);

    // Issue 31: no erasure without a recorded identity check; each refusal changes nothing.
    const before = await mentionsOf(number);
    for (const [identity, errors] of [
      [{}, { identity: "privacy.identity.error.method" }],
      [{ identity: "trust_me" }, { identity: "privacy.identity.error.method" }],
      [{ identity: "other", identity_note: " " }, { identity_note: "privacy.identity.error.note" }],
      [{ identity: "other", identity_note: "she read back 010-2323-2323" }, { identity_note: "privacy.identity.error.notePhone" }],
      [{ identity: "call_back", identity_note: "x".repeat(301) }, { identity_note: "privacy.identity.error.noteLength" }],
    ] as const) {
      const refused = await carryOut("erase", identity);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { refused: { errors: unknown } }).refused.errors).toEqual(errors);
    }
    expect(await mentionsOf(number)).toEqual(before);
    expect(await auditOf("privacy_erase", "privacy@example.com")).toEqual([]);

    expect((await carryOut("erase", { identity: "call_back" })).status).toBe(200);
    expect(await mentionsOf(number)).toEqual([]);
    const [entry, ...more] = await auditOf("privacy_erase", "privacy@example.com");
    expect(more).toEqual([]);
    expect(entry!.detail).toBe("identity: call_back; consultation 1, proposal 1, as 1, purchase 1, rights 1");
  });

  it("gives a copy of everything under the number only once identity is confirmed, audited with how", async () => {
    const number = "01034343434";
    await everythingOf(OTHER, "copy-other");
    const { asked, cookie, carryOut } = await consoleCase(number, "withdraw_marketing", "copy@example.com");
    const refused = await carryOut("copy", { identity: "other" });
    expect(refused.status).toBe(400);
    expect(await auditOf("privacy_copy", "copy@example.com")).toEqual([]);

    // A copy is a download (issue 52): a reason and the columns first, then an encrypted file.
    const identity = { identity: "other", identity_note: "Came to the office with the alien registration card" };
    const noReason = await carryOut("copy", { ...identity, column: "details" });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { refused: { errors: unknown } }).refused.errors).toEqual({ reason: "download.error.reason" });
    const response = await carryOut("copy", { ...identity, reason: "The person asked for a copy by phone", column: "details" });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { ok: string; sealed: { href: string; filename: string; password: string } };
    expect(result.ok).toBe("copied");
    expect(result.sealed.filename).toMatch(new RegExp(`^personal-data-${asked.id}_copy-example\\.com_\\d{8}-\\d{4}KST\\.zip$`));
    const file = await callRoute(exportFile, "open", get(result.sealed.href, cookie), app());
    expect(file.status).toBe(200);
    const zip = new Uint8Array(await file.arrayBuffer());
    expect(() => openAesZip(zip, "wrong password")).toThrow();
    const json = new TextDecoder().decode(openAesZip(zip, result.sealed.password)[0]!.data as Uint8Array);
    const copy = JSON.parse(json) as Record<string, unknown[]>;
    expect(copy).toMatchObject({ request: { id: asked.id, kind: "withdraw_marketing" } });
    for (const part of [
      "consultations",
      "consultationAnswers",
      "consents",
      "proposals",
      "asRequests",
      "asPhotos",
      "purchaseRequests",
      "rightsRequests",
    ])
      expect(copy[part]!.length, part).toBeGreaterThan(0);
    // Name and number were not chosen: not in the copy.
    expect(digitsOnly(json)).not.toContain(number);
    expect(digitsOnly(json)).not.toContain(OTHER);
    expect(json).not.toContain('"data"');
    const withNumber = await carryOut("copy", { ...identity, reason: "The person asked for a copy by phone", column: "phone" });
    const again = (await withNumber.json()) as { sealed: { href: string; password: string } };
    const zip2 = new Uint8Array(await (await callRoute(exportFile, "open", get(again.sealed.href, cookie), app())).arrayBuffer());
    const json2 = new TextDecoder().decode(openAesZip(zip2, again.sealed.password)[0]!.data as Uint8Array);
    expect(digitsOnly(json2)).toContain(number);
    // Copying erases nothing.
    expect(await mentionsOf(number)).not.toEqual([]);
    const entries = await auditOf("privacy_copy", "copy@example.com");
    expect(entries[0]).toEqual({
      action: "privacy_copy",
      record_kind: "rights",
      record_id: asked.id,
      detail:
        "identity: other (Came to the office with the alien registration card); consultation 1, proposal 1, as 1, purchase 1, rights 1; columns: details; reason: The person asked for a copy by phone",
    });
    expect(entries).toHaveLength(2);
    // The withdrawal itself needs no identity check (it only stops messages).
    expect((await carryOut("withdraw_marketing")).status).toBe(200);
  });
});
