import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { migrate, migrator } from "#db/connect.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { moveStage } from "#app/features/pipeline/pipeline.server.ts";
import * as request from "#app/routes/admin.request.tsx";
import { exportAsFile } from "#tests/support/export-file.ts";

/**
 * Loan stages with their history (issue 26, item 1): every move writes the
 * request, its history row and the audit log together; moves the workflow
 * does not allow, and wrong or missing facts, change nothing; rows from
 * before migration 0080 keep what they said.
 */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

const BEFORE = "0070_native_types";
const AT = "2026-11-02T01:00:00.000Z";
const LATER = "2026-11-03T05:30:00.000Z";

/** A request row as 0070 left the tables (the old workflow: new, contacted, closed). */
function oldRequest(table: string, status: string, i: number): [string, Record<string, unknown>] {
  const common = { lang: "vi", status, created_at: AT, updated_at: LATER, operator_note: `note ${i}` };
  const person = { applicant_name: `Name ${i}`, contact_phone: "01012345678", applicant_addr: "Seoul", inquiry_content: "?" };
  if (table === "consultation_answers") return [table, { ...common, marketing_yn: "Y" }];
  if (table === "proposals")
    return [
      table,
      { ...common, proposer_name: `Org ${i}`, proposer_phone: "021234567", proposer_email: "p@example.com", proposal_content: "!" },
    ];
  return [table, { ...common, ...person }];
}

describe.each(DIALECTS)("migration 0080: rows from the old workflow on %s", (dialect) => {
  let handle: TestDatabase;
  const fixture = [
    oldRequest("consultation_answers", "new", 1),
    oldRequest("consultation_answers", "contacted", 2),
    oldRequest("consultation_answers", "closed", 3),
    oldRequest("proposals", "contacted", 4),
    oldRequest("as_requests", "closed", 5),
    oldRequest("purchase_requests", "new", 6),
  ];

  beforeAll(async () => {
    handle = await freshDatabase(dialect, { migrate: false });
    expect((await (await migrator(handle.db)).migrateTo(BEFORE)).error).toBeUndefined();
    const db = handle.db as unknown as AnyDb;
    for (const [table, row] of fixture) await db.insertInto(table).values(row).execute();
    await migrate(handle.db);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it("maps new, contacted and closed to the new stages, keeping every row and its other columns", async () => {
    const db = handle.db;
    const consultations = await db
      .selectFrom("consultation_answers")
      .select(["id", "status", "operator_note", "updated_at", "closed_reason"])
      .orderBy("id")
      .execute();
    expect(consultations.map((r) => [r.status, r.operator_note, r.updated_at, r.closed_reason])).toEqual([
      ["new", "note 1", LATER, null],
      ["contacting", "note 2", LATER, null],
      ["closed", "note 3", LATER, null],
    ]);
    expect((await db.selectFrom("proposals").select("status").executeTakeFirstOrThrow()).status).toBe("in_progress");
    expect(await db.selectFrom("as_requests").select(["status", "applicant_name"]).executeTakeFirstOrThrow()).toEqual({
      status: "closed",
      applicant_name: "Name 5",
    });
    expect((await db.selectFrom("purchase_requests").select("status").executeTakeFirstOrThrow()).status).toBe("new");
  });

  it("gives each row that had moved one history row, from new to its stage at its last change, by no operator", async () => {
    const rows = await handle.db
      .selectFrom("request_stage_history")
      .select(["request_kind", "from_stage", "to_stage", "operator_id", "at"])
      .orderBy("request_kind")
      .orderBy("request_id")
      .execute();
    expect(rows).toEqual([
      { request_kind: "as", from_stage: "new", to_stage: "closed", operator_id: null, at: LATER },
      { request_kind: "consultation", from_stage: "new", to_stage: "contacting", operator_id: null, at: LATER },
      { request_kind: "consultation", from_stage: "new", to_stage: "closed", operator_id: null, at: LATER },
      { request_kind: "proposal", from_stage: "new", to_stage: "in_progress", operator_id: null, at: LATER },
    ]);
  });

  it("goes back down to the old workflow and up again without losing a row", async () => {
    const m = await migrator(handle.db);
    expect((await m.migrateTo(BEFORE)).error).toBeUndefined();
    const db = handle.db as unknown as AnyDb;
    const back = await db.selectFrom("consultation_answers").select("status").orderBy("id").execute();
    expect(back.map((r) => r.status)).toEqual(["new", "contacted", "closed"]);
    expect((await db.selectFrom("proposals").select("status").executeTakeFirstOrThrow()).status).toBe("contacted");
    await migrate(handle.db);
    const again = await handle.db.selectFrom("consultation_answers").select("status").orderBy("id").execute();
    expect(again.map((r) => r.status)).toEqual(["new", "contacting", "closed"]);
    expect(await handle.db.selectFrom("request_stage_history").select("id").execute()).toHaveLength(4);
  });
});

describe.each(DIALECTS)("moving a request through its stages on %s", (dialect) => {
  let handle: TestDatabase;
  let cookie: string;
  let csrf: string;
  let consultation: number;
  let proposal: number;
  const app = () => testServices(handle.db);

  const newConsultation = async () =>
    (
      await handle.db
        .insertInto("consultation_answers")
        .values({ submission_id: null, lang: "mn", marketing_yn: "N", created_at: AT, updated_at: AT })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    cookie = await signInCookie(app(), "agent@example.com", "correct horse battery");
    csrf = await csrfOf(app(), cookie);
    consultation = await newConsultation();
    proposal = (
      await handle.db
        .insertInto("proposals")
        .values({
          submission_id: null,
          lang: "en",
          proposer_name: "Partner",
          proposer_phone: "021234567",
          proposer_email: "p@example.com",
          proposal_content: "!",
          created_at: AT,
          updated_at: AT,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  }, 30_000);
  afterAll(async () => handle.cleanup());

  const move = (kind: string, id: number, fields: Record<string, string>, lang = "en") =>
    callRoute(
      request,
      "guarded",
      post(`/admin/requests/${kind}/${id}`, { csrf, intent: "stage", ...fields }, `${cookie}; admin_lang=${lang}`),
      app(),
      { kind, id: String(id) },
    );
  /** The person's consent to give the lead to `lender`, recorded as given by phone (issue 52: the lender stage needs it). */
  const consentByPhone = async (id: number, lender: string) => {
    const body = new URLSearchParams({ csrf, intent: "consent", method: "phone", lender, reference: "REC-1", retentionYears: "5" });
    body.append("items", "name");
    body.append("items", "phone");
    const req = new Request(`http://localhost/admin/requests/consultation/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie },
      body,
    });
    expect((await callRoute(request, "guarded", req, app(), { kind: "consultation", id: String(id) })).status).toBe(200);
  };
  const stageOf = async (id: number) =>
    await handle.db.selectFrom("consultation_answers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const historyOf = (kind: string, id: number) =>
    handle.db
      .selectFrom("request_stage_history")
      .select(["from_stage", "to_stage", "closed_reason", "lender", "amount", "approved_on"])
      .where("request_kind", "=", kind as "consultation")
      .where("request_id", "=", id)
      .orderBy("id")
      .execute();

  it("walks a consultation new → contacting → consulted → documents → with lender → approved, each move in the history and the audit log", async () => {
    const steps: Record<string, string>[] = [
      { from: "new", to: "contacting" },
      { from: "contacting", to: "consulted" },
      { from: "consulted", to: "documents" },
      { from: "documents", to: "with_lender", lender: "  Hana Bank — Foreigner credit loan " },
      { from: "with_lender", to: "approved", amount: "3,000,000", approvedOn: "2026-11-20" },
    ];
    await consentByPhone(consultation, "Hana Bank — Foreigner credit loan");
    for (const step of steps) {
      const response = await move("consultation", consultation, step);
      expect(response.status, JSON.stringify(step)).toBe(200);
      expect(await response.json()).toEqual({ stage: { ok: true, to: step.to } });
    }
    const row = await stageOf(consultation);
    expect([row.status, row.lender, Number(row.approved_amount), row.approved_on]).toEqual([
      "approved",
      "Hana Bank — Foreigner credit loan",
      3_000_000,
      "2026-11-20",
    ]);
    const history = await historyOf("consultation", consultation);
    expect(history.map((h) => `${h.from_stage}→${h.to_stage}`)).toEqual([
      "new→contacting",
      "contacting→consulted",
      "consulted→documents",
      "documents→with_lender",
      "with_lender→approved",
    ]);
    expect(history[3]).toMatchObject({ lender: "Hana Bank — Foreigner credit loan", amount: null });
    expect(history[4]).toMatchObject({ amount: 3_000_000, approved_on: "2026-11-20", lender: null });
    const audits = await handle.db
      .selectFrom("admin_audit_log")
      .select(["detail", "operator_email"])
      .where("action", "=", "stage")
      .where("record_id", "=", consultation)
      .orderBy("id")
      .execute();
    expect(audits.map((a) => a.detail.replace(/ consent=#\d+$/, ""))).toEqual(steps.map((s) => `${s.from}→${s.to}`));
    expect(audits[3]!.detail).toMatch(/^documents→with_lender consent=#\d+$/);
    expect(new Set(audits.map((a) => a.operator_email))).toEqual(new Set(["agent@example.com"]));
    // Approved is the end: nothing may follow.
    const after = await move("consultation", consultation, { from: "approved", to: "closed", reason: "duplicate" });
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ stage: { ok: false, error: "notAllowed" } });
  });

  it("refuses a move the workflow does not allow, and changes nothing", async () => {
    const id = await newConsultation();
    const response = await move("consultation", id, { from: "new", to: "approved", amount: "100", approvedOn: "2026-11-20" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ stage: { ok: false, error: "notAllowed" } });
    expect((await stageOf(id)).status).toBe("new");
    expect(await historyOf("consultation", id)).toEqual([]);
  });

  it("asks for what each stage records, with the console's messages, keeping what was typed", async () => {
    const id = await newConsultation();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ from: "new", to: "closed" }, { reason: "pipeline.error.reasonRequired" }],
      [{ from: "new", to: "closed", reason: "other" }, { closedNote: "pipeline.error.otherNote" }],
      [{ from: "new", to: "closed", reason: "because" }, { reason: "pipeline.error.reason" }],
      [{ from: "new", to: "nowhere" }, { to: "pipeline.error.stage" }],
    ];
    for (const [fields, errors] of cases) {
      const response = await move("consultation", id, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = (await response.json()) as { stage: { fields: Record<string, string>; values: Record<string, string> } };
      expect(body.stage.fields, JSON.stringify(fields)).toEqual(errors);
      const { from: _from, ...typed } = fields;
      expect(body.stage.values).toMatchObject(typed);
    }
    await move("consultation", id, { from: "new", to: "contacting" });
    await move("consultation", id, { from: "contacting", to: "consulted" });
    const lender = await move("consultation", id, { from: "consulted", to: "with_lender", lender: "   " });
    expect(await lender.json()).toMatchObject({ stage: { fields: { lender: "pipeline.error.lender" } } });
    expect((await move("consultation", id, { from: "consulted", to: "with_lender", lender: "x".repeat(101) })).status).toBe(400);
    expect((await move("consultation", id, { from: "consulted", to: "with_lender", lender: "Bank\u0000" })).status).toBe(400);
    await consentByPhone(id, "Partner A");
    await move("consultation", id, { from: "consulted", to: "with_lender", lender: "Partner A" });
    for (const [amount, approvedOn, field] of [
      ["", "2026-11-20", "amount"],
      ["-5", "2026-11-20", "amount"],
      ["2000000001", "2026-11-20", "amount"],
      ["12.5", "2026-11-20", "amount"],
      ["500000", "2026-02-30", "approvedOn"],
      ["500000", "", "approvedOn"],
    ] as const) {
      const response = await move("consultation", id, { from: "with_lender", to: "approved", amount, approvedOn });
      expect(response.status, `${amount} ${approvedOn}`).toBe(400);
      expect(Object.keys(((await response.json()) as { stage: { fields: object } }).stage.fields)).toEqual([field]);
    }
    expect((await stageOf(id)).status).toBe("with_lender");
    expect((await historyOf("consultation", id)).map((h) => h.to_stage)).toEqual(["contacting", "consulted", "with_lender"]);
  });

  it("closes a consultation with a reason from the list (other with its note), and reopens it", async () => {
    const id = await newConsultation();
    const closed = await move("consultation", id, { from: "new", to: "closed", reason: "other", closedNote: "Moved abroad" });
    expect(closed.status).toBe(200);
    expect(await stageOf(id)).toMatchObject({ status: "closed", closed_reason: "other", closed_note: "Moved abroad" });
    expect((await historyOf("consultation", id))[0]).toMatchObject({ to_stage: "closed", closed_reason: "other" });
    // The history keeps no free text: the note stays on the request.
    const columns = Object.keys((await handle.db.selectFrom("request_stage_history").selectAll().executeTakeFirstOrThrow()) as object);
    expect(columns).not.toContain("closed_note");
    expect((await move("consultation", id, { from: "closed", to: "contacting" })).status).toBe(200);
    expect(await stageOf(id)).toMatchObject({ status: "contacting", closed_reason: null, closed_note: null });
  });

  it("refuses a move from a stage the request has already left (409), and keeps the one that won", async () => {
    const id = await newConsultation();
    expect((await move("consultation", id, { from: "new", to: "contacting" })).status).toBe(200);
    const late = await move("consultation", id, { from: "new", to: "closed", reason: "duplicate" });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ stage: { ok: false, error: "stale" } });
    expect((await stageOf(id)).status).toBe("contacting");
    expect(await historyOf("consultation", id)).toHaveLength(1);
  });

  it("moves nothing when any part of the move fails: the request, its history and the audit log together", async () => {
    const id = await newConsultation();
    const who = { operator: { id: 1, email: "agent@example.com" } };
    await expect(
      moveStage(handle.db, who, "consultation", id, "new", { to: "contacting" }, new Date(), async () => {
        throw new Error("the call attempt could not be written");
      }),
    ).rejects.toThrow("could not be written");
    expect((await stageOf(id)).status).toBe("new");
    expect(await historyOf("consultation", id)).toEqual([]);
    expect(
      await handle.db.selectFrom("admin_audit_log").select("id").where("action", "=", "stage").where("record_id", "=", id).execute(),
    ).toEqual([]);
  });

  it("gives proposals, A/S and purchase requests their short workflow: new → in progress → done | closed, no reason needed", async () => {
    expect((await move("proposal", proposal, { from: "new", to: "contacting" })).status).toBe(400);
    expect((await move("proposal", proposal, { from: "new", to: "in_progress" })).status).toBe(200);
    expect((await move("proposal", proposal, { from: "in_progress", to: "closed" })).status).toBe(200);
    expect((await move("proposal", proposal, { from: "closed", to: "in_progress" })).status).toBe(200);
    expect((await move("proposal", proposal, { from: "in_progress", to: "done" })).status).toBe(200);
    expect((await historyOf("proposal", proposal)).map((h) => h.to_stage)).toEqual(["in_progress", "closed", "in_progress", "done"]);
  });

  it("answers 404 for a request that does not exist", async () => {
    expect((await move("consultation", 999_999, { from: "new", to: "contacting" })).status).toBe(404);
  });

  it("shows the stage history on the detail page and the stage, lender and approval in the CSV export", async () => {
    const page = await callRoute(request, "guarded", get(`/admin/requests/consultation/${consultation}`, cookie), app(), {
      kind: "consultation",
      id: String(consultation),
    });
    const data = (await page.json()) as { stages: { from: string; to: string; operator: string }[]; detail: { loan: object } };
    expect(data.stages.map((s) => s.to)).toEqual(["approved", "with_lender", "documents", "consulted", "contacting"]);
    expect(data.stages[0]!.operator).toBe("agent@example.com");
    expect(data.detail.loan).toMatchObject({ lender: "Hana Bank — Foreigner credit loan", approvedAmount: 3_000_000 });
    // The agent may not export (ADR 0022): an administrator does.
    await createOperator(handle.db, "admin@example.com", "correct horse battery", "admin");
    const adminCookie = await signInCookie(app(), "admin@example.com", "correct horse battery");
    const { csv } = await exportAsFile(app(), `${adminCookie}; admin_lang=en`, { kind: "consultation" });
    expect(csv).toContain("Closed reason,Reason note,Lender,Approved amount (won),Approved on");
    expect(csv).toContain(`${consultation},2026-11-02 10:00,Approved,`);
    expect(csv).toContain(",,,Hana Bank — Foreigner credit loan,3000000,2026-11-20,,,,,,,,,mn,");
    // Reopened: the reason it was closed for is in its history, no longer on the request.
    expect(csv).toContain(",Contacting,");
    expect(csv).not.toContain("Moved abroad");
  });
});
