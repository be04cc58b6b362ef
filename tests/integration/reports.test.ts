import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ClosedReason, ConsultationStage } from "#db/schema.ts";
import type { CallOutcome } from "#app/features/pipeline/calls.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, get, signInCookie } from "#tests/support/admin.ts";
import { buildReport, type SegmentReport } from "#app/features/reports/reports.server.ts";
import * as reportsRoute from "#app/routes/admin.reports.tsx";
import * as csvRoute from "#app/routes/admin.reports.csv.ts";
import { EVERY_DAY_9_TO_8 } from "#tests/support/calendar.ts";

/**
 * Reports (issue 26, item 4): every figure against a hand-counted fixture, on
 * each dialect, with the period's edges at Seoul midnight.
 */
const PERIOD = { from: "2026-11-01", to: "2026-11-30" };

interface Fixture {
  lang: string;
  visa: string | null;
  created: string;
  /** The stages it moved through after `new`, in order; the last is where it stands. */
  moves: ConsultationStage[];
  reason?: ClosedReason;
  /** Call attempts: when, and what came of it. */
  calls?: [string, CallOutcome][];
}

/** Hand-counted below: #1–#9 arrived in November (KST), #10 and #11 just outside it. */
const FIXTURES: Fixture[] = [
  { lang: "vi", visa: "E-9", created: "2026-11-02T01:00:00.000Z", moves: [] },
  // Received 10:00 KST; called 10:10 (no answer), reached 11:10: 2 attempts, waited 10 min.
  {
    lang: "vi",
    visa: "E-9",
    created: "2026-11-03T01:00:00.000Z",
    moves: ["contacting"],
    calls: [
      ["2026-11-03T01:10:00.000Z", "no_answer"],
      ["2026-11-03T02:10:00.000Z", "connected"],
    ],
  },
  // Reached at the first attempt, 30 min after.
  {
    lang: "en",
    visa: "D-2",
    created: "2026-11-04T01:00:00.000Z",
    moves: ["contacting", "consulted"],
    calls: [["2026-11-04T01:30:00.000Z", "connected"]],
  },
  // Busy, message left, then asked to be called back: reached at the 3rd; waited 60 min.
  {
    lang: "vi",
    visa: "F-2",
    created: "2026-11-05T01:00:00.000Z",
    moves: ["contacting", "consulted", "documents", "with_lender", "approved"],
    calls: [
      ["2026-11-05T02:00:00.000Z", "busy"],
      ["2026-11-05T03:00:00.000Z", "message_left"],
      ["2026-11-05T04:00:00.000Z", "callback"],
    ],
  },
  // Received 10:00 KST, first called 21:30 KST: 690 min in all, 600 of them in calling hours (10:00–20:00); reached at the 2nd.
  {
    lang: "en",
    visa: "E-9",
    created: "2026-11-06T01:00:00.000Z",
    moves: ["contacting", "consulted", "with_lender", "declined"],
    calls: [
      ["2026-11-06T12:30:00.000Z", "no_answer"],
      ["2026-11-07T00:30:00.000Z", "connected"],
    ],
  },
  // Called twice, never reached; waited 20 min.
  {
    lang: "mn",
    visa: "E-9",
    created: "2026-11-07T01:00:00.000Z",
    moves: ["contacting", "closed"],
    reason: "unreachable",
    calls: [
      ["2026-11-07T01:20:00.000Z", "no_answer"],
      ["2026-11-07T03:00:00.000Z", "no_answer"],
    ],
  },
  { lang: "my", visa: null, created: "2026-11-08T01:00:00.000Z", moves: ["closed"], reason: "wrong_number" },
  { lang: "vi", visa: "E-9", created: "2026-11-09T01:00:00.000Z", moves: ["closed", "contacting"] },
  // 2026-11-01 00:00 KST: the period's first instant.
  { lang: "vi", visa: "E-9", created: "2026-10-31T15:00:00.000Z", moves: [] },
  // 2026-10-31 23:59:59.999 KST and 2026-12-01 00:00 KST: outside.
  {
    lang: "vi",
    visa: "E-9",
    created: "2026-10-31T14:59:59.999Z",
    moves: ["contacting", "consulted", "documents", "with_lender", "approved"],
    calls: [["2026-11-01T01:00:00.000Z", "connected"]],
  },
  { lang: "en", visa: "E-9", created: "2026-11-30T15:00:00.000Z", moves: ["contacting"] },
];

async function seed(handle: TestDatabase): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, f] of FIXTURES.entries()) {
    const status = f.moves.at(-1) ?? "new";
    const { id } = await handle.db
      .insertInto("consultation_answers")
      .values({
        lang: f.lang,
        status: status as Exclude<ConsultationStage, never>,
        marketing_yn: "N",
        submission_id: null,
        created_at: f.created,
        updated_at: f.created,
        closed_reason: status === "closed" ? (f.reason ?? null) : null,
        first_contact_at: f.calls?.[0]?.[0] ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(id);
    if (f.visa)
      await handle.db.insertInto("consultation_answer_items").values({ answer_id: id, question_seq: 2, answer_content: f.visa }).execute();
    let from: ConsultationStage = "new";
    for (const [step, to] of f.moves.entries()) {
      const at = new Date(Date.parse(f.created) + (step + 1) * 3_600_000).toISOString();
      await handle.db
        .insertInto("request_stage_history")
        .values({
          request_kind: "consultation",
          request_id: id,
          from_stage: from,
          to_stage: to,
          operator_id: null,
          at,
          closed_reason: to === "closed" ? (f.reason ?? null) : null,
          lender: null,
          amount: null,
          approved_on: null,
        })
        .execute();
      from = to;
    }
    for (const [at, outcome] of f.calls ?? []) {
      await handle.db
        .insertInto("call_attempts")
        .values({ request_kind: "consultation", request_id: id, operator_id: null, outcome, at, callback_at: null })
        .execute();
    }
    // A proposal's history with the same id must not count for the consultation.
    if (i === 0)
      await handle.db
        .insertInto("request_stage_history")
        .values({
          request_kind: "proposal",
          request_id: id,
          from_stage: "new",
          to_stage: "done",
          operator_id: null,
          at: f.created,
          closed_reason: null,
          lender: null,
          amount: null,
          approved_on: null,
        })
        .execute();
  }
  return ids;
}

/** A segment's funnel as [stage, reached, now, toNext] rows. */
const road = (s: SegmentReport) => s.funnel.map((r) => [r.stage, r.reached, r.now, r.toNext === null ? null : Number(r.toNext.toFixed(4))]);
const HOURS = EVERY_DAY_9_TO_8;
const MIN = 60_000;
const counted = (rows: SegmentReport["attempts"]) => Object.fromEntries(rows.filter((r) => r.n).map((r) => [r.key, r.n]));
const reasons = (s: SegmentReport) => Object.fromEntries(s.closedReasons.filter((r) => r.n).map((r) => [r.key, r.n]));

describe.each(DIALECTS)("reports on %s", (dialect) => {
  let handle: TestDatabase;
  let adminCookie: string;
  let agentCookie: string;
  const app = () => testServices(handle.db);

  beforeAll(async () => {
    // A fixed clock for the whole file: the last minute of November in Seoul (sessions are made at it too).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-30T14:59:00.000Z") });
    handle = await freshDatabase(dialect);
    await seed(handle);
    await createOperator(handle.db, "admin@example.com", "correct horse battery");
    await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    adminCookie = await signInCookie(app(), "admin@example.com", "correct horse battery");
    agentCookie = await signInCookie(app(), "agent@example.com", "correct horse battery");
  }, 30_000);
  afterAll(async () => {
    vi.useRealTimers();
    await handle.cleanup();
  });

  it("counts requests per stage, reached and now, and the conversion to the next stage", async () => {
    const report = await buildReport(handle.db, PERIOD, "all");
    const all = report.segments[0]!;
    expect(all.requests).toBe(9);
    expect(road(all)).toEqual([
      ["new", 9, 2, 0.6667],
      ["contacting", 6, 2, 0.5],
      ["consulted", 3, 1, 0.6667],
      ["documents", 2, 0, 1],
      ["with_lender", 2, 0, 0.5],
      ["approved", 1, 1, null],
      ["declined", null, 1, null],
      ["closed", null, 2, null],
    ]);
    expect(reasons(all)).toEqual({ unreachable: 1, wrong_number: 1 });
  });

  it("splits every figure by the visitor's language", async () => {
    const report = await buildReport(handle.db, PERIOD, "lang");
    const by = Object.fromEntries(report.segments.slice(1).map((s) => [s.value, s]));
    expect(Object.keys(by)).toEqual(["en", "vi", "id", "my", "mn", "unknown"]);
    expect(Object.fromEntries(Object.entries(by).map(([k, s]) => [k, s.requests]))).toEqual({
      en: 2,
      vi: 5,
      id: 0,
      my: 1,
      mn: 1,
      unknown: 0,
    });
    expect(road(by.vi!).map((r) => r.slice(0, 3))).toEqual([
      ["new", 5, 2],
      ["contacting", 3, 2],
      ["consulted", 1, 0],
      ["documents", 1, 0],
      ["with_lender", 1, 0],
      ["approved", 1, 1],
      ["declined", null, 0],
      ["closed", null, 0],
    ]);
    expect(road(by.en!).map((r) => r[1])).toEqual([2, 2, 2, 1, 1, 0, null, null]);
    expect(road(by.id!).map((r) => r[3])).toEqual([null, null, null, null, null, null, null, null]);
    expect(reasons(by.my!)).toEqual({ wrong_number: 1 });
    expect(reasons(by.mn!)).toEqual({ unreachable: 1 });
  });

  it("splits every figure by visa type, counting a request without one as not given", async () => {
    const report = await buildReport(handle.db, PERIOD, "visa");
    const by = Object.fromEntries(report.segments.slice(1).map((s) => [s.value, s]));
    expect(
      Object.fromEntries(
        Object.entries(by)
          .filter(([, s]) => s.requests)
          .map(([k, s]) => [k, s.requests]),
      ),
    ).toEqual({
      "D-2": 1,
      "E-9": 6,
      "F-2": 1,
      unknown: 1,
    });
    expect(road(by["E-9"]!).map((r) => r[1])).toEqual([6, 4, 1, 1, 1, 0, null, null]);
    expect(road(by["E-9"]!).map((r) => r[2])).toEqual([2, 2, 0, 0, 0, 0, 1, 1]);
    expect(reasons(by.unknown!)).toEqual({ wrong_number: 1 });
    expect(by.unknown!.closedReasons.find((r) => r.key === "wrong_number")!.share).toBe(1);
  });

  it("times the wait for the first call attempt, in all hours and in calling hours: median and 90th percentile", async () => {
    const report = await buildReport(handle.db, PERIOD, "visa", HOURS);
    expect(report.segments[0]!.firstCall).toEqual({
      called: 5,
      notCalled: 4,
      medianMs: 30 * MIN,
      p90Ms: 690 * MIN,
      callingMedianMs: 30 * MIN,
      callingP90Ms: 600 * MIN,
    });
    const e9 = report.segments.find((s) => s.value === "E-9")!;
    expect(e9.firstCall).toEqual({
      called: 3,
      notCalled: 3,
      medianMs: 20 * MIN,
      p90Ms: 690 * MIN,
      callingMedianMs: 20 * MIN,
      callingP90Ms: 600 * MIN,
    });
    expect(report.segments.find((s) => s.value === "unknown")!.firstCall).toMatchObject({ called: 0, medianMs: null, p90Ms: null });
  });

  it("counts the attempts until someone was reached, and every attempt's outcome", async () => {
    const report = await buildReport(handle.db, PERIOD, "lang", HOURS);
    const all = report.segments[0]!;
    expect(counted(all.attempts)).toEqual({ "1": 1, "2": 2, "3": 1, notReached: 1 });
    expect(counted(all.outcomes)).toEqual({ connected: 3, no_answer: 4, busy: 1, message_left: 1, callback: 1 });
    expect(all.outcomes.find((r) => r.key === "no_answer")!.share).toBe(0.4);
    const vi = report.segments.find((s) => s.value === "vi")!;
    expect(counted(vi.attempts)).toEqual({ "2": 1, "3": 1 });
    expect(vi.firstCall).toMatchObject({ called: 2, notCalled: 3, medianMs: 10 * MIN, p90Ms: 60 * MIN });
    expect(counted(report.segments.find((s) => s.value === "mn")!.attempts)).toEqual({ notReached: 1 });
  });

  it("shows an administrator the page for the last 30 Seoul days by default", async () => {
    const response = await callRoute(reportsRoute, "guarded", get("/admin/reports", adminCookie), app());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { report: { period: unknown; segments: SegmentReport[] } };
    expect(body.report.period).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(body.report.segments[0]!.requests).toBe(9);
  });

  it("answers a malformed period with 400 and a translated message, showing the default period", async () => {
    for (const query of ["from=2026-13-01", "from=2026-11-30&to=2026-11-01", "from=2025-01-01&to=2026-11-30", "by=phone"]) {
      const response = await callRoute(reportsRoute, "guarded", get(`/admin/reports?${query}`, adminCookie), app());
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error, query).toMatch(/^reports\.error\./);
    }
  });

  it("refuses an agent the page and the CSV (403)", async () => {
    const page = await callRoute(reportsRoute, "guarded", get("/admin/reports", agentCookie), app());
    expect(page.status).toBe(403);
    const csv = await callRoute(csvRoute, "open", get("/admin/reports/pipeline.csv", agentCookie), app());
    expect(csv.status).toBe(403);
  });

  it("exports the whole pipeline of the period as CSV (in the operator's language: Korean by default), with no personal data, and audits it", async () => {
    const response = await callRoute(
      csvRoute,
      "open",
      get("/admin/reports/pipeline.csv?from=2026-11-01&to=2026-11-30", adminCookie),
      app(),
    );
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(1 + 9);
    expect(lines[0]).toBe(
      "id,접수 시각(KST),언어,비자 유형,현재 단계,종료 사유,금융사 또는 상품,승인 금액(원),승인일,연락 중,상담 완료,서류 준비,금융사 심사,승인,부결,종료",
    );
    // #9 arrived at the period's first instant: first line. #4 went the whole road, an hour a step.
    expect(lines[1]).toMatch(/^\d+,2026-11-01 00:00,vi,E-9,신규,,,,,,,,,,,$/);
    expect(lines.find((l) => l.includes(",F-2,"))).toMatch(
      /,2026-11-05 10:00,vi,F-2,승인,,,,,2026-11-05 11:00,2026-11-05 12:00,2026-11-05 13:00,2026-11-05 14:00,2026-11-05 15:00,,$/,
    );
    expect(lines.find((l) => l.includes(",my,"))).toMatch(/,종료,잘못된 번호,.*,2026-11-08 11:00$/);
    const audited = await handle.db.selectFrom("admin_audit_log").select(["detail", "record_id"]).where("action", "=", "export").execute();
    expect(audited).toEqual([{ detail: "pipeline 2026-11-01 – 2026-11-30", record_id: null }]);
  });
});
