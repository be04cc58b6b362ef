import { sql, type Kysely } from "kysely";
import type { ClosedReason, ConsultationStage, Database } from "#db/schema.ts";
import { QUESTION_SEQ } from "#app/requests/questions.ts";
import { seoulDay, seoulRange } from "#app/lib/seoul-time.ts";
import type { ReportPeriod } from "#app/features/reports/period.ts";
import { isPostgres } from "#db/migrations/dialect-types.ts";
import { callingMsBetween, type BusinessCalendar } from "#app/business/calendar.ts";
import { readCalendar } from "#app/business/calendar.server.ts";
import {
  FUNNEL,
  REACHED_OUTCOMES,
  STAGE_RANK,
  attemptsUntilReached,
  closedReasons,
  firstCallWaits,
  outcomes,
  funnel,
  inSegment,
  langOf,
  splitValues,
  visaOf,
  type AttemptCount,
  type CountRow,
  type FirstCallWait,
  type OutcomeCount,
  type WaitFigures,
  type FunnelRow,
  type Split,
  type StageCount,
} from "#app/features/reports/figures.ts";

/**
 * The reports' queries (issue 26, item 4; ADR 0028 "Reports"). Each reads
 * the consultations that arrived in the period and returns rows already
 * counted by the database, grouped by language, visa type and the figure's
 * own category: a few hundred rows at most, whatever the number of requests.
 * The same SQL on SQLite and PostgreSQL: joins, CASE, min/max/count, and
 * time comparisons with ISO parameters (ADR 0024).
 */
type Db = Kysely<Database>;

/** The half-open UTC interval of the period's Seoul days. */
export function periodBounds(period: ReportPeriod): { start: string; end: string } {
  const { start, end } = seoulRange(period.from, period.to);
  return { start: start!, end: end! };
}

/** The consultations of the period, each with its visa answer. */
function arrivals(db: Db, period: ReportPeriod) {
  const { start, end } = periodBounds(period);
  return db
    .selectFrom("consultation_answers as c")
    .leftJoin("consultation_answer_items as v", (join) =>
      join.onRef("v.answer_id", "=", "c.id").on("v.question_seq", "=", QUESTION_SEQ.visaType),
    )
    .where("c.created_at", ">=", start)
    .where("c.created_at", "<", end);
}

/**
 * Each request's furthest stage of the road, as its rank (0: none, or only
 * closed), from the history's moves since `start` (a request of the period
 * moved only after it arrived): one grouped pass, joined by id.
 */
function furthestRanks(db: Db, start: string) {
  const cases = Object.entries(STAGE_RANK).map(([stage, rank]) => sql`when ${sql.lit(stage)} then ${sql.lit(rank)}`);
  return db
    .selectFrom("request_stage_history as h")
    .select(["h.request_id", sql<number>`max(case h.to_stage ${sql.join(cases, sql` `)} else 0 end)`.as("rank")])
    .where("h.request_kind", "=", "consultation")
    .where("h.at", ">=", start)
    .groupBy("h.request_id");
}

/** Consultations of the period, counted by language, visa, stage now, furthest stage reached and closed reason. */
export async function stageCounts(db: Db, period: ReportPeriod): Promise<StageCount[]> {
  const perRequest = arrivals(db, period)
    .leftJoin(furthestRanks(db, periodBounds(period).start).as("f"), "f.request_id", "c.id")
    .select(["c.lang", "v.answer_content as visa", "c.status", "c.closed_reason", "f.rank as reached"]);
  const rows = await db
    .selectFrom(perRequest.as("r"))
    .groupBy(["r.lang", "r.visa", "r.status", "r.closed_reason", "r.reached"])
    .select(["r.lang", "r.visa", "r.status", "r.closed_reason", "r.reached", (eb) => eb.fn.countAll<number | string>().as("n")])
    .execute();
  return rows.map((r) => ({
    lang: langOf(r.lang),
    visa: visaOf(r.visa),
    status: r.status as ConsultationStage,
    reached: Math.min(Number(r.reached ?? 0), FUNNEL.length - 1),
    closedReason: (r.closed_reason as ClosedReason | null) ?? null,
    n: Number(r.n),
  }));
}

/** Each request's first attempt at someone reached (null: never), and how many attempts it had until then. */
function attemptsPerRequest(db: Db, start: string) {
  const reachedAt = db
    .selectFrom("call_attempts as a")
    .select([
      "a.request_id",
      sql<string | null>`min(case when a.outcome in (${sql.join(REACHED_OUTCOMES)}) then a.at end)`.as("reached_at"),
    ])
    .where("a.request_kind", "=", "consultation")
    .where("a.at", ">=", start)
    .groupBy("a.request_id");
  return db
    .selectFrom(reachedAt.as("r"))
    .innerJoin("call_attempts as b", (join) => join.on("b.request_kind", "=", "consultation").onRef("b.request_id", "=", "r.request_id"))
    .where((eb) => eb.or([eb("r.reached_at", "is", null), eb("b.at", "<=", eb.ref("r.reached_at"))]))
    .groupBy(["r.request_id", "r.reached_at"])
    .select(["r.request_id", "r.reached_at", (eb) => eb.fn.countAll<number | string>().as("attempts")]);
}

/** Consultations of the period that were called, counted by language, visa and attempts until reached. */
export async function attemptCounts(db: Db, period: ReportPeriod): Promise<AttemptCount[]> {
  const rows = await arrivals(db, period)
    .innerJoin(attemptsPerRequest(db, periodBounds(period).start).as("t"), "t.request_id", "c.id")
    .groupBy(["c.lang", "v.answer_content", "t.attempts", sql`t.reached_at is null`])
    .select([
      "c.lang",
      "v.answer_content as visa",
      "t.attempts",
      sql<number | boolean>`t.reached_at is null`.as("never"),
      (eb) => eb.fn.countAll<number | string>().as("n"),
    ])
    .execute();
  return rows.map((r) => ({
    lang: langOf(r.lang),
    visa: visaOf(r.visa),
    until: Number(r.never) ? null : Number(r.attempts),
    n: Number(r.n),
  }));
}

/** Every attempt on the period's consultations, counted by language, visa and outcome. */
export async function outcomeCounts(db: Db, period: ReportPeriod): Promise<OutcomeCount[]> {
  const rows = await arrivals(db, period)
    .innerJoin("call_attempts as a", (join) => join.on("a.request_kind", "=", "consultation").onRef("a.request_id", "=", "c.id"))
    .groupBy(["c.lang", "v.answer_content", "a.outcome"])
    .select(["c.lang", "v.answer_content as visa", "a.outcome", (eb) => eb.fn.countAll<number | string>().as("n")])
    .execute();
  return rows.map((r) => ({ lang: langOf(r.lang), visa: visaOf(r.visa), outcome: r.outcome, n: Number(r.n) }));
}

/**
 * Each called consultation's wait for its first attempt: one narrow row per
 * request (at most the period's requests), measured here because the
 * calling-hours part needs the business calendar (the calling hours of open
 * days: a night, a weekend or 추석 does not count), which no SQL knows.
 */
export async function firstCallRows(db: Db, period: ReportPeriod, calendar: BusinessCalendar): Promise<FirstCallWait[]> {
  const rows = await arrivals(db, period)
    .where("c.first_contact_at", "is not", null)
    .select(["c.lang", "v.answer_content as visa", "c.created_at", "c.first_contact_at"])
    .execute();
  return rows.map((r) => {
    const from = new Date(r.created_at);
    const to = new Date(r.first_contact_at!);
    return {
      lang: langOf(r.lang),
      visa: visaOf(r.visa),
      allMs: Math.max(0, to.getTime() - from.getTime()),
      callingMs: callingMsBetween(calendar, from, to),
    };
  });
}

/** One segment's figures: the whole period, or the requests of one language or visa type. */
export interface SegmentReport {
  value: string;
  requests: number;
  funnel: FunnelRow[];
  closedReasons: CountRow<string>[];
  firstCall: WaitFigures;
  attempts: CountRow<string>[];
  outcomes: CountRow<string>[];
}

export interface Report {
  period: ReportPeriod;
  split: Split;
  segments: SegmentReport[];
  /** The visitors' texts per month (issue 49), whatever the split. */
  texts: TextMonth[];
}

/** Every figure of the period, for the whole of it and then each value of `split`. */
export async function buildReport(db: Db, period: ReportPeriod, split: Split, calendar?: BusinessCalendar): Promise<Report> {
  const open = calendar ?? (await readCalendar(db));
  const [stages, attempts, calls, waits, texts] = await Promise.all([
    stageCounts(db, period),
    attemptCounts(db, period),
    outcomeCounts(db, period),
    firstCallRows(db, period, open),
    textMonths(db, period),
  ]);
  const segment = (by: Split, value: string): SegmentReport => {
    const rows = inSegment(stages, by, value);
    const requests = rows.reduce((t, r) => t + r.n, 0);
    return {
      value,
      requests,
      funnel: funnel(rows),
      closedReasons: closedReasons(rows),
      firstCall: firstCallWaits(inSegment(waits, by, value), requests),
      attempts: attemptsUntilReached(inSegment(attempts, by, value)),
      outcomes: outcomes(inSegment(calls, by, value)),
    };
  };
  const segments = [segment("all", "all"), ...(split === "all" ? [] : splitValues(split).map((value) => segment(split, value)))];
  return { period, split, segments, texts };
}

/** The texts of one Korean month (issue 49 item 5): sent to the provider, delivered and failed as it reported, and their cost. */
export interface TextMonth {
  /** YYYY-MM, Korea time. */
  month: string;
  sent: number;
  delivered: number;
  failed: number;
  /** Won, at the provider's prices recorded with each message. */
  costWon: number;
}

/**
 * The visitors' texts (알림톡 and SMS/LMS) whose last word fell in the period,
 * per Korean month, counted by the database: PostgreSQL keeps times as
 * timestamptz and names the Korea month itself; SQLite keeps ISO text, so it
 * counts per UTC hour (a few thousand rows at most) and each hour is moved to
 * its Korea month here.
 */
export async function textMonths(db: Db, period: ReportPeriod): Promise<TextMonth[]> {
  const { start, end } = periodBounds(period);
  const at = sql`coalesce(delivered_at, updated_at)`;
  const key = isPostgres(db as unknown as Kysely<unknown>)
    ? sql<string>`to_char(${at} at time zone 'Asia/Seoul', 'YYYY-MM')`
    : sql<string>`substr(${at}, 1, 13)`;
  const rows = await db
    .selectFrom("alert_deliveries")
    .select([
      key.as("key"),
      sql<number>`sum(case when status = 'delivered' then 1 else 0 end)`.as("sent"),
      sql<number>`sum(case when report_status = 'delivered' then 1 else 0 end)`.as("delivered"),
      sql<number>`sum(case when status = 'failed' or report_status = 'failed' then 1 else 0 end)`.as("failed"),
      sql<number>`sum(case when status = 'delivered' then coalesce(cost_won, 0) else 0 end)`.as("cost"),
    ])
    .where("channel", "=", "text")
    .where(at, ">=", start)
    .where(at, "<", end)
    .groupBy(key)
    .execute();
  const months = new Map<string, TextMonth>();
  for (const row of rows) {
    const month = row.key.length === 7 ? row.key : seoulDay(`${row.key}:00:00.000Z`).slice(0, 7);
    const m = months.get(month) ?? { month, sent: 0, delivered: 0, failed: 0, costWon: 0 };
    m.sent += Number(row.sent);
    m.delivered += Number(row.delivered);
    m.failed += Number(row.failed);
    m.costWon += Number(row.cost);
    months.set(month, m);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}
