import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordAccess, verifyChain } from "#app/features/access/access.server.ts";
import { compareWithExports, exportAccessDays } from "#app/features/access/export.server.ts";
import { reviewOverdue } from "#app/features/access/review.server.ts";
import { runRetention } from "#app/features/retention/retention.server.ts";
import * as inbox from "#app/routes/admin.inbox.tsx";
import * as requestPage from "#app/routes/admin.request.tsx";
import * as calls from "#app/routes/admin.calls.tsx";
import * as exportCsv from "#app/routes/admin.export.ts";
import * as downloads from "#app/routes/admin.downloads.tsx";
import * as privacy from "#app/routes/admin.privacy.tsx";
import * as deadlines from "#app/routes/admin.deadlines.tsx";
import * as accessPage from "#app/routes/admin.access.tsx";
import * as destruction from "#app/routes/admin.destruction.tsx";

/**
 * Issue 52 items 2 and 6 (ADR 0053): every view of personal data writes an
 * access record with the operator, the address and what was shown, through
 * the console's own routes; the records form a hash chain whose check says
 * where a changed or removed record breaks it; the privacy officer reviews
 * and signs off a period, and confirms the destruction ledger that each
 * retention run and each erasure writes.
 */
const PASSWORD = "correct horse battery";
const OFFICE_IP = "203.0.113.7";
const HOME_IP = "198.51.100.23";

async function consultation(db: Kysely<Database>, at: string, name: string, phone: string) {
  const { id } = await db
    .insertInto("consultation_answers")
    .values({ submission_id: null, lang: "vi", marketing_yn: "N", created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const answers = ["yes", "E-9", "20271231", "Vietnam", name, phone];
  await db
    .insertInto("consultation_answer_items")
    .values(answers.map((answer_content, i) => ({ answer_id: id, question_seq: i + 1, answer_content })))
    .execute();
  return id;
}

async function rightsRequest(db: Kysely<Database>, kind: "erase" | "access", phone: string, at: string, answeredAt: string | null = null) {
  const row = await db
    .insertInto("rights_requests")
    .values({
      submission_id: null,
      lang: "en",
      request_kind: kind,
      phone,
      created_at: at,
      updated_at: at,
      due_at: at,
      answered_at: answeredAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(DIALECTS)("access records, their review and the destruction ledger on %s", (dialect) => {
  let handle: TestDatabase;
  const app = () => testServices(handle.db);
  const cookies: Record<"admin" | "agent" | "officer", string> = { admin: "", agent: "", officer: "" };
  const ids: Record<string, number> = {};

  const records = () =>
    handle.db
      .selectFrom("access_records")
      .select(["operator_email", "ip", "kind", "records", "record_count", "term", "term_kind", "detail"])
      .orderBy("id")
      .execute();
  const lastRecord = async () => (await records()).at(-1)!;
  const restoreTrigger = () =>
    (dialect === "postgres"
      ? sql`create trigger access_records_no_update before update on access_records for each row execute function access_records_no_update()`
      : sql`create trigger access_records_no_update before update on access_records begin select raise(abort, 'access_records are append-only'); end`
    ).execute(handle.db);

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    const db = handle.db;
    await createOperator(db, "admin@example.com", PASSWORD, "admin");
    await createOperator(db, "agent@example.com", PASSWORD, "agent");
    await createOperator(db, "officer@example.com", PASSWORD, "officer");
    cookies.admin = await signInCookie(app(), "admin@example.com", PASSWORD, OFFICE_IP);
    cookies.agent = await signInCookie(app(), "agent@example.com", PASSWORD, OFFICE_IP);
    cookies.officer = await signInCookie(app(), "officer@example.com", PASSWORD, OFFICE_IP);
    ids.nguyen = await consultation(db, "2026-11-20T01:00:00.000Z", "NGUYEN VAN A", "01012345678");
    ids.bat = await consultation(db, "2026-11-21T01:00:00.000Z", "Батболд", "01055556666");
    ids.rights = await rightsRequest(db, "access", "01055556666", "2026-11-22T01:00:00.000Z");
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it("records every view of personal data: a request, the inbox, a search, My calls, an export, the privacy lists and a copy", async () => {
    const path = `/admin/requests/consultation/${ids.nguyen}`;
    const opened = await callRoute(
      requestPage,
      "guarded",
      get(path, cookies.agent),
      app(),
      { kind: "consultation", id: String(ids.nguyen) },
      OFFICE_IP,
    );
    expect(opened.status).toBe(200);
    expect(await lastRecord()).toEqual({
      operator_email: "agent@example.com",
      ip: OFFICE_IP,
      kind: "request",
      records: `consultation:${ids.nguyen}`,
      record_count: 1,
      term: "",
      term_kind: "",
      detail: "",
    });
    // A reload is another view (the audit log's five-minute dedupe does not apply to access records).
    await callRoute(requestPage, "guarded", get(path, cookies.agent), app(), { kind: "consultation", id: String(ids.nguyen) }, OFFICE_IP);
    expect((await records()).filter((r) => r.kind === "request")).toHaveLength(2);

    expect((await callRoute(inbox, "guarded", get("/admin?kind=consultation", cookies.agent), app(), {}, OFFICE_IP)).status).toBe(200);
    expect(await lastRecord()).toMatchObject({
      kind: "inbox",
      records: `consultation:${ids.nguyen}-${ids.bat}`,
      record_count: 2,
      detail: "consultation",
    });

    // A search keeps the term masked only: never the number.
    expect((await callRoute(inbox, "guarded", get("/admin?q=010-1234-5678", cookies.agent), app(), {}, OFFICE_IP)).status).toBe(200);
    const search = await lastRecord();
    expect(search).toMatchObject({ kind: "search", records: `consultation:${ids.nguyen}`, term: "010******78", term_kind: "phone" });
    expect(JSON.stringify(await records())).not.toContain("12345678");
    await callRoute(inbox, "guarded", get("/admin?q=nguyen", cookies.agent), app(), {}, OFFICE_IP);
    expect(await lastRecord()).toMatchObject({ kind: "search", term: "n***** (6)", term_kind: "name" });

    expect((await callRoute(calls, "guarded", get("/admin/calls", cookies.agent), app(), {}, HOME_IP)).status).toBe(200);
    expect(await lastRecord()).toMatchObject({ kind: "calls", operator_email: "agent@example.com", ip: HOME_IP, record_count: 2 });

    // The export is made on the downloads page (an encrypted file, ADR 0054): the records it holds are recorded then.
    const exportCsrf = await csrfOf(app(), cookies.admin);
    const made = await callRoute(
      downloads,
      "guarded",
      post(
        "/admin/downloads",
        { csrf: exportCsrf, intent: "export", kind: "consultation", reason: "monthly report to the lender", column: "received" },
        cookies.admin,
      ),
      app(),
      {},
      OFFICE_IP,
    );
    expect(made.status).toBe(200);
    expect(await lastRecord()).toMatchObject({
      kind: "export",
      operator_email: "admin@example.com",
      records: `consultation:${ids.nguyen}-${ids.bat}`,
      record_count: 2,
    });

    expect((await callRoute(privacy, "guarded", get("/admin/privacy", cookies.admin), app(), {}, OFFICE_IP)).status).toBe(200);
    expect((await callRoute(deadlines, "guarded", get("/admin/deadlines", cookies.admin), app(), {}, OFFICE_IP)).status).toBe(200);
    const [privacyList, deadlineList] = (await records()).slice(-2);
    expect(privacyList).toMatchObject({ kind: "privacy_list", detail: "privacy" });
    expect(deadlineList).toMatchObject({ kind: "privacy_list", records: `rights:${ids.rights}`, detail: "deadlines" });

    const csrf = await csrfOf(app(), cookies.admin);
    const copy = await callRoute(
      privacy,
      "guarded",
      post(
        "/admin/privacy",
        { csrf, intent: "copy", id: String(ids.rights), identity: "call_back", reason: "the person asked for a copy", column: "details" },
        cookies.admin,
      ),
      app(),
      {},
      OFFICE_IP,
    );
    expect(copy.status).toBe(200);
    expect(await lastRecord()).toMatchObject({ kind: "privacy_copy", records: `rights:${ids.rights}` });
    expect(await verifyChain(handle.db)).toEqual({ ok: true, checked: (await records()).length });
  });

  it("keeps the privacy officer out of personal data, and everyone else out of the officer's pages", async () => {
    const redirected = await callRoute(inbox, "guarded", get("/admin", cookies.officer), app());
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/admin/access");
    expect((await callRoute(exportCsv, "open", get("/admin/export?kind=consultation", cookies.officer), app())).status).toBe(403);
    expect((await callRoute(accessPage, "guarded", get("/admin/access", cookies.admin), app())).status).toBe(403);
    expect((await callRoute(destruction, "guarded", get("/admin/destruction", cookies.agent), app())).status).toBe(403);
  });

  it("refuses an UPDATE of a record; a record changed behind the trigger's back breaks the chain, and the check says which", async () => {
    await expect(sql`update access_records set ip = '10.0.0.1'`.execute(handle.db)).rejects.toThrow(/append-only/);
    const all = await handle.db.selectFrom("access_records").select(["id", "ip"]).orderBy("id").execute();
    const victim = all[3]!;
    // Someone with the rights to drop the trigger edits one record, and puts the trigger back.
    await sql`drop trigger access_records_no_update${dialect === "postgres" ? sql` on access_records` : sql``}`.execute(handle.db);
    await sql`update access_records set ip = '10.0.0.1' where id = ${victim.id}`.execute(handle.db);
    expect(await verifyChain(handle.db)).toMatchObject({ ok: false, checked: 3, brokenAt: { id: victim.id, reason: "changed" } });
    await sql`update access_records set ip = ${victim.ip} where id = ${victim.id}`.execute(handle.db);
    expect(await verifyChain(handle.db)).toMatchObject({ ok: true });
    // A record removed: the next one no longer points to the one before it.
    await sql`delete from access_records where id = ${victim.id}`.execute(handle.db);
    expect(await verifyChain(handle.db)).toMatchObject({ ok: false, brokenAt: { id: all[4]!.id, reason: "link" } });
    // The rest of the suite needs a whole chain: start a fresh one (the test of a broken chain is done).
    await sql`delete from access_records`.execute(handle.db);
    await restoreTrigger();
  });

  it("the officer reviews a period with its flags and signs it off; a sign-off without findings is refused", async () => {
    const who = { operator: { id: 2, email: "agent@example.com", role: "agent" as const } };
    // A night-time phone search from a network the agent never used, and a day-time export.
    await recordAccess(
      handle.db,
      who,
      OFFICE_IP,
      { kind: "inbox", records: [{ kind: "consultation", id: 1 }] },
      new Date("2026-11-23T01:00:00Z"),
    );
    await recordAccess(
      handle.db,
      who,
      "192.0.2.50",
      { kind: "search", records: [], term: "01099998888" },
      new Date("2026-11-23T14:30:00Z"),
    );
    await recordAccess(
      handle.db,
      { operator: { id: 1, email: "admin@example.com", role: "admin" } },
      OFFICE_IP,
      { kind: "export", records: [{ kind: "consultation", id: 1 }] },
      new Date("2026-11-24T02:00:00Z"),
    );
    expect(await reviewOverdue(handle.db, new Date("2026-12-30T00:00:00Z"))).toEqual({ since: null, interval: "monthly" });

    const page = await callRoute(accessPage, "guarded", get("/admin/access?from=2026-11-23&to=2026-11-24", cookies.officer), app());
    expect(page.status).toBe(200);
    const body = (await page.json()) as {
      review: {
        periodTotal: number;
        flaggedTotal: number;
        flagCounts: Record<string, number>;
        rows: { kind: string; flags: string[]; ip: string }[];
      };
    };
    expect(body.review.periodTotal).toBe(3);
    expect(body.review.flagCounts).toMatchObject({ export: 1, phone_search: 1, off_hours: 1 });
    expect(body.review.rows.find((r) => r.kind === "search")).toMatchObject({
      ip: "192.0.2.50",
      flags: ["off_hours", "new_network", "phone_search"],
    });
    const phoneOnly = (await (
      await callRoute(accessPage, "guarded", get("/admin/access?from=2026-11-23&to=2026-11-24&flag=phone_search", cookies.officer), app())
    ).json()) as typeof body;
    expect(phoneOnly.review.rows.map((r) => r.kind)).toEqual(["search"]);

    const csrf = await csrfOf(app(), cookies.officer);
    const refused = await callRoute(
      accessPage,
      "guarded",
      post("/admin/access", { csrf, intent: "sign_off", from: "2026-11-23", to: "2026-11-24", findings: " " }, cookies.officer),
      app(),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: { findings: "access.errors.findings" } });
    const backwards = await callRoute(
      accessPage,
      "guarded",
      post("/admin/access", { csrf, intent: "sign_off", from: "2026-11-24", to: "2026-11-23", findings: "ok" }, cookies.officer),
      app(),
    );
    expect(await backwards.json()).toMatchObject({ errors: { to: "access.errors.period" } });
    expect(await handle.db.selectFrom("access_reviews").select("id").execute()).toEqual([]);

    const signed = await callRoute(
      accessPage,
      "guarded",
      post(
        "/admin/access",
        {
          csrf,
          intent: "sign_off",
          from: "2026-11-23",
          to: "2026-11-24",
          findings: "The night search was a call-back the agent had agreed.",
          follow_up: "",
        },
        cookies.officer,
      ),
      app(),
    );
    expect(signed.status).toBe(200);
    expect(
      await handle.db.selectFrom("access_reviews").select(["period_from", "period_to", "reviewer_email", "records", "flagged"]).execute(),
    ).toEqual([{ period_from: "2026-11-23", period_to: "2026-11-24", reviewer_email: "officer@example.com", records: 3, flagged: 3 }]);
    expect(await reviewOverdue(handle.db)).toBeNull();
    expect(await reviewOverdue(handle.db, new Date(Date.now() + 40 * 86_400_000))).toMatchObject({ interval: "monthly" });
  });

  it("exports each whole day once into read-only files the check compares with the database", async () => {
    const dir = mkdtempSync(join(tmpdir(), "access-export-"));
    try {
      const written = await exportAccessDays(handle.db, dir, new Date("2026-11-26T03:00:00Z"));
      expect(written).toEqual([
        { day: "2026-11-23", count: 2 },
        { day: "2026-11-24", count: 1 },
        { day: "2026-11-25", count: 0 },
      ]);
      expect(readdirSync(dir).sort()).toEqual(["access-2026-11-23.jsonl", "access-2026-11-24.jsonl", "access-2026-11-25.jsonl"]);
      expect(statSync(join(dir, "access-2026-11-24.jsonl")).mode & 0o777).toBe(0o400);
      // Run again the same day: nothing is rewritten.
      expect(await exportAccessDays(handle.db, dir, new Date("2026-11-26T09:00:00Z"))).toEqual([]);
      expect(await compareWithExports(handle.db, dir)).toEqual({ files: 3, records: 3, mismatches: [] });
      // A record changed in the database (and its hash recomputed, the chain rewritten) still differs from the file.
      const night = await handle.db.selectFrom("access_records").selectAll().where("kind", "=", "search").executeTakeFirstOrThrow();
      await sql`drop trigger access_records_no_update${dialect === "postgres" ? sql` on access_records` : sql``}`.execute(handle.db);
      await sql`update access_records set hash = ${"f".repeat(64)} where id = ${night.id}`.execute(handle.db);
      expect((await compareWithExports(handle.db, dir)).mismatches).toEqual([
        { file: "access-2026-11-23.jsonl", id: night.id, reason: "changed" },
      ]);
      await sql`update access_records set hash = ${night.hash} where id = ${night.id}`.execute(handle.db);
      await restoreTrigger();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("each retention run writes its ledger row; rights requests, refused numbers, orphan sources and old access records go; the chain still checks", async () => {
    const db = handle.db;
    const now = new Date("2029-06-01T00:00:00Z");
    const oldAnswered = await rightsRequest(db, "erase", "01070707070", "2025-01-01T00:00:00.000Z", "2025-01-05T00:00:00.000Z");
    const recentAnswered = await rightsRequest(db, "erase", "01080808080", "2028-08-01T00:00:00.000Z", "2028-08-05T00:00:00.000Z");
    await db
      .insertInto("do_not_contact")
      .values([
        { phone: "01011112222", operator_id: null, at: "2026-01-01T00:00:00.000Z" },
        { phone: "01033334444", operator_id: null, at: "2027-01-01T00:00:00.000Z" },
      ])
      .execute();
    await db
      .insertInto("request_sources")
      .values([
        {
          request_kind: "consultation",
          request_id: 999_999,
          utm_source: "x",
          utm_medium: null,
          utm_campaign: null,
          banner_key: null,
          referrer_domain: null,
          eligibility_used: 0,
          created_at: "2027-01-01T00:00:00.000Z",
        },
        {
          request_kind: "consultation",
          request_id: ids.bat!,
          utm_source: "y",
          utm_medium: null,
          utm_campaign: null,
          banner_key: null,
          referrer_domain: null,
          eligibility_used: 0,
          created_at: "2026-11-21T01:00:00.000Z",
        },
      ])
      .execute();
    // A record from after the cutoff: kept, and the chain continues from the destroyed ones' anchor.
    await recordAccess(
      db,
      { operator: { id: 2, email: "agent@example.com", role: "agent" } },
      OFFICE_IP,
      { kind: "inbox", records: [] },
      new Date("2028-01-01T00:00:00Z"),
    );
    const before = (await db.selectFrom("access_records").select("id").execute()).length;

    const counts = await runRetention(db, now, undefined, "cli");
    // Rights requests a year from the request: the old one and the suite's own (2026-11-22).
    expect(counts).toMatchObject({ rightsRequests: 2, doNotContact: 1, orphanSources: 1, accessRecords: before - 1 });
    expect((await db.selectFrom("rights_requests").select("id").execute()).map((r) => r.id)).toContain(recentAnswered);
    expect((await db.selectFrom("rights_requests").select("id").execute()).map((r) => r.id)).not.toContain(oldAnswered);
    expect(await db.selectFrom("do_not_contact").select("phone").execute()).toEqual([{ phone: "01033334444" }]);
    expect(await db.selectFrom("request_sources").select("utm_source").execute()).toEqual([{ utm_source: "y" }]);
    expect(await verifyChain(db)).toEqual({ ok: true, checked: 1 });
    // A record after the destruction links on to the kept chain.
    await recordAccess(
      db,
      { operator: { id: 2, email: "agent@example.com", role: "agent" } },
      OFFICE_IP,
      { kind: "inbox", records: [] },
      now,
    );
    expect(await verifyChain(db)).toEqual({ ok: true, checked: 2 });

    const ledger = await db.selectFrom("destruction_ledger").selectAll().execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: "retention", actor: "cli", confirmed_at: null });
    expect(JSON.parse(ledger[0]!.cutoffs)).toMatchObject({
      rightsRequests: "2028-06-01T00:00:00.000Z",
      doNotContact: "2026-06-01T00:00:00.000Z",
      accessRecords: "2027-06-01T00:00:00.000Z",
    });
    expect(JSON.parse(ledger[0]!.counts)).toMatchObject({
      rightsRequests: 2,
      doNotContact: 1,
      orphanSources: 1,
      accessRecords: before - 1,
    });
    // A run with nothing due still writes its row.
    await runRetention(db, now);
    expect(await db.selectFrom("destruction_ledger").select(["kind", "actor"]).orderBy("id").execute()).toEqual([
      { kind: "retention", actor: "cli" },
      { kind: "retention", actor: "system" },
    ]);

    // Retention at a far-off "now" ended every session: sign in again.
    cookies.officer = await signInCookie(app(), "officer@example.com", PASSWORD, OFFICE_IP);
    cookies.admin = await signInCookie(app(), "admin@example.com", PASSWORD, OFFICE_IP);
    // The officer confirms a row, once.
    const csrf = await csrfOf(app(), cookies.officer);
    const confirm = () =>
      callRoute(
        destruction,
        "guarded",
        post("/admin/destruction", { csrf, intent: "confirm", id: String(ledger[0]!.id) }, cookies.officer),
        app(),
      );
    expect((await confirm()).status).toBe(200);
    expect((await confirm()).status).toBe(409);
    expect(await db.selectFrom("destruction_ledger").select(["confirmed_by"]).where("id", "=", ledger[0]!.id).executeTakeFirst()).toEqual({
      confirmed_by: "officer@example.com",
    });
  });

  it("an erasure in the console writes its ledger row with the counts and who", async () => {
    const db = handle.db;
    const phone = "01066667777";
    // On SQLite, a file switched to incremental auto-vacuum (ADR 0053) gives the erased pages back.
    if (dialect === "sqlite") {
      await sql`pragma auto_vacuum = incremental`.execute(db);
      await sql`vacuum`.execute(db);
    }
    const big = await consultation(db, "2026-11-25T01:00:00.000Z", "KIM", phone);
    await db
      .updateTable("consultation_answers")
      .set({ operator_note: "n".repeat(200_000) })
      .where("id", "=", big)
      .execute();
    const asked = await rightsRequest(db, "erase", phone, "2026-11-25T02:00:00.000Z");
    const csrf = await csrfOf(app(), cookies.admin);
    const started = performance.now();
    const erased = await callRoute(
      privacy,
      "guarded",
      post("/admin/privacy", { csrf, intent: "erase", id: String(asked), identity: "call_back" }, cookies.admin),
      app(),
    );
    const ms = performance.now() - started;
    expect(erased.status).toBe(200);
    const row = await db.selectFrom("destruction_ledger").selectAll().where("kind", "=", "erasure").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor: "admin@example.com", detail: `rights #${asked}` });
    expect(JSON.parse(row.counts)).toEqual({ consultation: 1, proposal: 0, as: 0, purchase: 0, rights: 1 });
    if (dialect === "sqlite")
      expect((await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db)).rows[0]?.freelist_count).toBe(0);
    // The erasure with its reclaim (VACUUM of the tables on PostgreSQL, the WAL checkpoint on SQLite) stays quick.
    expect(ms).toBeLessThan(5_000);
  });
});
