import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AliasNode, SelectQueryNode, TableNode, type Kysely, type OperationNode } from "kysely";
import type { Database } from "#db/schema.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, signInCookie, csrfOf, get, post } from "#tests/support/admin.ts";
import { exportAsFile } from "#tests/support/export-file.ts";
import { INBOX_PAGE_SIZE, listInbox, readInboxFilter } from "#app/features/pipeline/inbox.server.ts";
import { requestDetail } from "#app/features/pipeline/request-detail.server.ts";
import * as inbox from "#app/routes/admin.inbox.tsx";
import * as request from "#app/routes/admin.request.tsx";
import * as photo from "#app/routes/admin.photo.ts";
import * as exportCsv from "#app/routes/admin.export.ts";
import * as auditPage from "#app/routes/admin.audit.tsx";

/** Seoul 2026-11-01 is 2026-10-31T15:00Z .. 2026-11-01T15:00Z. */
const LAST_MS_OF_NOV_1 = "2026-11-01T14:59:59.999Z";
const FIRST_MS_OF_NOV_2 = "2026-11-01T15:00:00.000Z";

async function consultation(db: Kysely<Database>, at: string, answers: string[], marketing: "Y" | "N" = "Y") {
  const { id } = await db
    .insertInto("consultation_answers")
    .values({ submission_id: null, lang: "vi", marketing_yn: marketing, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("consultation_answer_items")
    .values(answers.map((answer_content, i) => ({ answer_id: id, question_seq: i + 1, answer_content })))
    .execute();
  await db
    .insertInto("consent_records")
    .values([
      { answer_id: id, policy_kind: "privacy", policy_version: "2023-03-06", agreed_yn: "Y", lang: "vi", created_at: at },
      { answer_id: id, policy_kind: "marketing", policy_version: "2023-03-06", agreed_yn: marketing, lang: "vi", created_at: at },
    ])
    .execute();
  return id;
}

/** The table a FROM item names (through an alias). */
function tableName(from: OperationNode): string {
  const node = AliasNode.is(from) ? from.node : from;
  return TableNode.is(node) ? node.table.identifier.name : "";
}

describe.each(DIALECTS)("inbox, detail, status workflow, photos and CSV on %s", (dialect) => {
  let handle: TestDatabase;
  let cookie: string;
  const ids: Record<string, number> = {};
  const app = () => testServices(handle.db);

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    const db = handle.db;
    await createOperator(db, "ops@example.com", "correct horse battery");
    cookie = await signInCookie(app(), "ops@example.com", "correct horse battery");
    ids.nguyen = await consultation(db, LAST_MS_OF_NOV_1, ["yes", "E-9", "20271231", "Vietnam", "NGUYEN VAN A", "01012345678"]);
    ids.bat = await consultation(db, FIRST_MS_OF_NOV_2, ["yes", "D-2", "", "Mongolia", "Батболд", "01055556666"], "N");
    ids.formula = await consultation(db, "2026-10-15T01:00:00.000Z", [
      "no",
      "F-4",
      "20260101",
      "Indonesia",
      '=HYPERLINK("http://evil")',
      "+821012341234",
    ]);
    const t = "2026-11-05T02:00:00.000Z";
    ids.proposal = (
      await db
        .insertInto("proposals")
        .values({
          submission_id: null,
          lang: "en",
          proposer_name: 'Mekong Partners, "Ltd"',
          proposer_phone: "0212345678",
          proposer_email: "p@example.com",
          proposal_content: "line 1\nline 2",
          created_at: t,
          updated_at: t,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    ids.as = (
      await db
        .insertInto("as_requests")
        .values({
          submission_id: null,
          lang: "my",
          applicant_name: "မောင်မောင်",
          contact_phone: "01077778888",
          applicant_addr: "Ansan",
          inquiry_content: "Screen is black",
          created_at: "2026-11-03T00:00:00.000Z",
          updated_at: "2026-11-03T00:00:00.000Z",
          status: "in_progress",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    ids.photo = (
      await db
        .insertInto("as_request_photos")
        .values({
          as_request_id: ids.as,
          content_type: "image/webp",
          byte_size: 4,
          width: 640,
          height: 480,
          data: new Uint8Array([0x52, 0x49, 0x46, 0x46]),
          created_at: "2026-11-03T00:00:00.000Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    ids.purchase = (
      await db
        .insertInto("purchase_requests")
        .values({
          submission_id: null,
          lang: "id",
          applicant_name: "Siti 100%_off",
          contact_phone: "01033334444",
          applicant_addr: "Busan",
          inquiry_content: "Price?",
          created_at: "2026-11-04T00:00:00.000Z",
          updated_at: "2026-11-04T00:00:00.000Z",
          status: "closed",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  }, 30_000); // a fresh schema and migrations: slow on a busy PostgreSQL
  afterAll(async () => handle.cleanup());

  const list = (query: string) => listInbox(handle.db, readInboxFilter(new URLSearchParams(query)));
  const names = async (query: string) => (await list(query)).rows.map((r) => r.name);

  it("lists every kind, newest first, with Seoul times", async () => {
    const result = await list("");
    expect(result.rows.map((r) => `${r.kind}:${r.name}`)).toEqual([
      'proposal:Mekong Partners, "Ltd"',
      "purchase:Siti 100%_off",
      "as:မောင်မောင်",
      "consultation:Батболд",
      "consultation:NGUYEN VAN A",
      'consultation:=HYPERLINK("http://evil")',
    ]);
    expect(result.rows.find((r) => r.name === "NGUYEN VAN A")).toMatchObject({
      phone: "01012345678",
      status: "new",
      received: "2026-11-01 23:59",
    });
    expect(result.total).toBe(6);
  });

  it("filters by kind and status", async () => {
    expect(await names("kind=consultation")).toEqual(["Батболд", "NGUYEN VAN A", '=HYPERLINK("http://evil")']);
    expect(await names("status=in_progress")).toEqual(["မောင်မောင်"]);
    expect(await names("kind=purchase&status=new")).toEqual([]);
    expect(await names("kind=nonsense&status=weird")).toHaveLength(6);
  });

  it("filters by Seoul calendar days, both ends included", async () => {
    expect(await names("kind=consultation&from=2026-11-01&to=2026-11-01")).toEqual(["NGUYEN VAN A"]);
    expect(await names("kind=consultation&from=2026-11-02")).toEqual(["Батболд"]);
    expect(await names("kind=consultation&to=2026-10-31")).toEqual(['=HYPERLINK("http://evil")']);
  });

  it("ignores impossible and out-of-range days and page numbers instead of failing", async () => {
    expect(readInboxFilter(new URLSearchParams("from=0000-01-01&to=9999-12-31&page=1e400"))).toMatchObject({
      from: undefined,
      to: undefined,
      page: 1,
    });
    expect(readInboxFilter(new URLSearchParams("page=99999999999999999999")).page).toBe(100_000);
    expect(await names("to=9999-12-31&from=2026-02-30")).toHaveLength(6);
    const far = await list("page=99999999999999999999");
    expect(far.rows).toHaveLength(6);
  });

  it("searches names (any case) and phones (digits), treating % and _ literally", async () => {
    expect(await names("q=nguyen")).toEqual(["NGUYEN VAN A"]);
    expect(await names("q=5555")).toEqual(["Батболд"]);
    expect(await names("q=010-1234-5678")).toEqual(["NGUYEN VAN A"]);
    expect(await names("q=%25")).toEqual(["Siti 100%_off"]);
    expect(await names("q=_")).toEqual(["Siti 100%_off"]);
    expect(await names("q=nobody")).toEqual([]);
  });

  it("pages by 50", async () => {
    const at = "2026-01-01T00:00:00.000Z";
    await handle.db
      .insertInto("proposals")
      .values(
        Array.from({ length: INBOX_PAGE_SIZE }, (_, i) => ({
          submission_id: `bulk-${i}`,
          lang: "en",
          proposer_name: `Bulk ${i}`,
          proposer_phone: "02",
          proposer_email: "b@example.com",
          proposal_content: ".",
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const first = await list("");
    const second = await list("page=2");
    expect(first).toMatchObject({ total: 56, pages: 2, page: 1 });
    expect(first.rows).toHaveLength(50);
    expect(second.rows).toHaveLength(6);
    expect(new Set([...first.rows, ...second.rows].map((r) => `${r.kind}${r.id}`)).size).toBe(56);
    expect((await list("page=99")).page).toBe(2);
    await handle.db.deleteFrom("proposals").where("submission_id", "like", "bulk-%").execute();
  });

  it("the inbox page loader answers the list and the new-request counts", async () => {
    const response = await callRoute(inbox, "guarded", get("/admin?kind=consultation", cookie), app());
    const body = (await response.json()) as { rows: unknown[]; newCounts: Record<string, number>; title: string };
    expect(body.rows).toHaveLength(3);
    expect(body.newCounts).toEqual({ consultation: 3, proposal: 1, as: 0, purchase: 0 });
    expect(body.title).toBe("접수함");
  });

  it("shows a consultation with its six answers and consents, and records the view once", async () => {
    const path = `/admin/requests/consultation/${ids.nguyen}`;
    const params = { kind: "consultation", id: String(ids.nguyen) };
    const response = await callRoute(request, "guarded", get(path, cookie), app(), params);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      detail: { fields: { label: string; value: string }[]; consents: unknown[]; received: string };
    };
    expect(Object.fromEntries(body.detail.fields.map((f) => [f.label, f.value]))).toEqual({
      intent: "yes",
      visa: "E-9",
      expiry: "2027-12-31",
      nationality: "Vietnam",
      name: "NGUYEN VAN A",
      phone: "01012345678",
      marketing: "Y",
    });
    expect(body.detail.consents).toEqual([
      { kind: "privacy", version: "2023-03-06", agreed: true, at: "2026-11-01 23:59" },
      { kind: "marketing", version: "2023-03-06", agreed: true, at: "2026-11-01 23:59" },
    ]);
    await callRoute(request, "guarded", get(path, cookie), app(), params);
    const views = await handle.db
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("action", "=", "view")
      .where("record_id", "=", ids.nguyen!)
      .execute();
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ operator_email: "ops@example.com", record_kind: "consultation" });
  });

  it("reads each request's row once for its detail", async () => {
    const tables: string[] = [];
    const counting = handle.db.withPlugin({
      transformQuery({ node }) {
        if (SelectQueryNode.is(node)) for (const from of node.from?.froms ?? []) tables.push(tableName(from));
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    for (const [kind, table] of [
      ["consultation", "consultation_answers"],
      ["proposal", "proposals"],
      ["as", "as_requests"],
      ["purchase", "purchase_requests"],
    ] as const) {
      tables.length = 0;
      const id = kind === "consultation" ? ids.nguyen! : ids[kind]!;
      expect((await requestDetail(counting, kind, id))?.id, kind).toBe(id);
      expect(
        tables.filter((t) => t === table),
        kind,
      ).toHaveLength(1);
    }
  });

  it("answers 404 for an unknown kind or id", async () => {
    expect(
      (
        await callRoute(request, "guarded", get("/admin/requests/consultation/999999", cookie), app(), {
          kind: "consultation",
          id: "999999",
        })
      ).status,
    ).toBe(404);
    expect((await callRoute(request, "guarded", get("/admin/requests/loans/1", cookie), app(), { kind: "loans", id: "1" })).status).toBe(
      404,
    );
    expect((await callRoute(request, "guarded", get("/admin/requests/as/abc", cookie), app(), { kind: "as", id: "abc" })).status).toBe(404);
  });

  it("keeps an operator note (its stages: pipeline-stages.test.ts), and records the change", async () => {
    const params = { kind: "consultation", id: String(ids.bat) };
    const path = `/admin/requests/consultation/${ids.bat}`;
    const csrf = await csrfOf(app(), cookie);
    for (const note of ["called, no answer", "called again"]) {
      const response = await callRoute(request, "guarded", post(path, { csrf, intent: "note", note }, cookie), app(), params);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ note: "saved" });
      const row = await handle.db
        .selectFrom("consultation_answers")
        .select(["status", "operator_note"])
        .where("id", "=", ids.bat!)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: "new", operator_note: note });
    }
    const bad = await callRoute(request, "guarded", post(path, { csrf, intent: "note", note: "x".repeat(2001) }, cookie), app(), params);
    expect(bad.status).toBe(400);
    const updates = await handle.db
      .selectFrom("admin_audit_log")
      .select("detail")
      .where("action", "=", "update")
      .where("record_id", "=", ids.bat!)
      .execute();
    expect(updates.map((u) => u.detail)).toEqual(["note", "note"]);
  });

  it("serves an A/S photo from the database bytes, privately, with its stored type", async () => {
    const response = await callRoute(photo, "open", get(`/admin/photos/${ids.photo}`, cookie), app(), { id: String(ids.photo) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([0x52, 0x49, 0x46, 0x46]));
    expect((await callRoute(photo, "open", get("/admin/photos/999999", cookie), app(), { id: "999999" })).status).toBe(404);
    const detail = (await (
      await callRoute(request, "guarded", get(`/admin/requests/as/${ids.as}`, cookie), app(), { kind: "as", id: String(ids.as) })
    ).json()) as { detail: { photos: unknown[] } };
    expect(detail.detail.photos).toEqual([{ id: ids.photo, width: 640, height: 480, contentType: "image/webp", byteSize: 4 }]);
  });

  it("records the view of an A/S photo in the audit log (its request, which photo), once per reload window", async () => {
    const asViews = () =>
      handle.db
        .selectFrom("admin_audit_log")
        .select(["operator_email", "record_kind", "record_id", "detail"])
        .where("action", "=", "view")
        .where("record_kind", "=", "as")
        .orderBy("id")
        .execute();
    await handle.db.deleteFrom("admin_audit_log").where("action", "=", "view").where("record_kind", "=", "as").execute();
    const params = { id: String(ids.photo) };
    for (let i = 0; i < 2; i++)
      expect((await callRoute(photo, "open", get(`/admin/photos/${ids.photo}`, cookie), app(), params)).status).toBe(200);
    expect(await asViews()).toEqual([
      { operator_email: "ops@example.com", record_kind: "as", record_id: ids.as, detail: `photo=${ids.photo}` },
    ]);
    // The request's own page is a view of its own, not hidden by the photo's.
    await callRoute(request, "guarded", get(`/admin/requests/as/${ids.as}`, cookie), app(), { kind: "as", id: String(ids.as) });
    expect((await asViews()).map((v) => v.detail)).toEqual([`photo=${ids.photo}`, ""]);
    // No photo, no view; no session, no photo and no view.
    expect((await callRoute(photo, "open", get("/admin/photos/999999", cookie), app(), { id: "999999" })).status).toBe(404);
    expect((await callRoute(photo, "open", get(`/admin/photos/${ids.photo}`), app(), params)).status).toBe(401);
    expect(await asViews()).toHaveLength(2);
  });

  it("exports one kind over a date range as UTF-8 CSV with a BOM, quoted, formula-safe, in an encrypted ZIP named by its operator and time", async () => {
    const file = await exportAsFile(app(), cookie, { kind: "consultation", from: "2026-10-01", to: "2026-11-01" });
    expect(file.filename).toMatch(/^consultation_2026-10-01_2026-11-01_ops-example\.com_\d{8}-\d{4}KST\.zip$/);
    expect(file.contentDisposition).toBe(`attachment; filename="${file.filename}"`);
    const text = file.csv;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "번호,접수 시각(KST),상태,대출 희망,비자 종류,비자 만료일,국적,이름,전화번호,마케팅 동의,동의 내역,종료 사유,사유 메모,금융사,승인 금액(원),승인일,자격 확인: 적합 상품 수,자격 확인: 확인한 상품 수,자격 확인: 현 직장 근무 개월,자격 확인: 고용 형태,자격 확인: 연소득(원),자격 확인: 희망 금액(원),자격 확인: 희망 기간(개월),자격 확인: 상품별 결과,페이지 언어,운영자 메모,마지막 변경(KST),utm_source,utm_medium,utm_campaign,직전에 누른 배너,유입 사이트,자격 확인 사용",
    );
    // Oldest first; the Nov 2 (Seoul) request is outside the range.
    expect(lines[1]).toBe(
      `${ids.formula},2026-10-15 10:00,신규,no,F-4,2026-01-01,Indonesia,"'=HYPERLINK(""http://evil"")",'+821012341234,Y,privacy 2023-03-06 Y; marketing 2023-03-06 Y,,,,,,,,,,,,,,vi,,2026-10-15 10:00,,,,,,`,
    );
    expect(lines[2]).toBe(
      `${ids.nguyen},2026-11-01 23:59,신규,yes,E-9,2027-12-31,Vietnam,NGUYEN VAN A,01012345678,Y,privacy 2023-03-06 Y; marketing 2023-03-06 Y,,,,,,,,,,,,,,vi,,2026-11-01 23:59,,,,,,`,
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("");
    expect(text).not.toContain("Батболд");
  });

  it("writes the column titles in the operator's language and keeps line breaks and quotes inside fields", async () => {
    const text = (await exportAsFile(app(), `${cookie}; admin_lang=en`, { kind: "proposal" })).csv.replace(/^\uFEFF/, "");
    expect(
      text.startsWith(
        "No.,Received (KST),Status,Organization,Phone,E-mail,Proposal,Page language,Operator note,Last change (KST),utm_source,utm_medium,utm_campaign,Banner tapped before,Referring site,Eligibility check used\r\n",
      ),
    ).toBe(true);
    expect(text).toContain(`,New,"Mekong Partners, ""Ltd""",0212345678,p@example.com,"line 1\nline 2",en,,`);
    const as = (await exportAsFile(app(), `${cookie}; admin_lang=en`, { kind: "as" })).csv;
    expect(as).toContain("Photos");
    expect(as).toContain(",In progress,မောင်မောင်,01077778888,Ansan,Screen is black,1,my,");
  });

  it("refuses a bad export request with 400, and a plain GET of the old CSV address downloads nothing", async () => {
    for (const query of ["kind=consultation", "file=nope", "file=" + "a".repeat(32), ""]) {
      expect((await callRoute(exportCsv, "open", get(`/admin/export?${query}`, cookie), app())).status, query).toBe(400);
    }
  });

  it("records each exported record in the audit log, which operators can read", async () => {
    const exports = await handle.db
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("action", "=", "export")
      .where("record_kind", "=", "consultation")
      .execute();
    expect(exports.map((e) => e.record_id).sort()).toEqual([ids.formula, ids.nguyen].sort());
    expect(exports[0]).toMatchObject({ operator_email: "ops@example.com" });
    expect(exports[0]!.detail).toMatch(
      /^consultation 2026-10-01 – 2026-11-01; columns: id received .*; reason: Monthly lender report, checked by the office$/,
    );
    const page = (await (await callRoute(auditPage, "guarded", get("/admin/audit?action=export", cookie), app())).json()) as {
      entries: { action: string; recordKind: string; operator: string }[];
      total: number;
    };
    expect(page.entries.every((e) => e.action === "export")).toBe(true);
    expect(page.entries.some((e) => e.recordKind === "consultation" && e.operator === "ops@example.com")).toBe(true);
    const all = (await (await callRoute(auditPage, "guarded", get("/admin/audit", cookie), app())).json()) as {
      entries: { action: string }[];
    };
    expect(new Set(all.entries.map((e) => e.action))).toEqual(new Set(["sign_in", "view", "update", "export"]));
  });
});
