import { LOCALES } from "#app/i18n/locales.ts";
import { VISA_OPTIONS } from "#app/requests/questions.ts";
import { CLOSED_REASONS } from "#app/features/pipeline/stages.ts";
import { CONSULTATION_STAGES } from "#app/requests/kinds.ts";
import type { ClosedReason, ConsultationStage } from "#db/schema.ts";
import { CALL_OUTCOMES, type CallOutcome } from "#app/features/pipeline/calls.ts";

/**
 * The report's figures from the database's bounded, aggregated rows (issue
 * 26, item 4; ADR 0028 "Reports"): pure functions, shared by the page, the
 * tests and nothing else. Every figure is given for the whole period and for
 * each value of one split (the visitor's language or visa type).
 */

/** The road a consultation travels when it goes well; `declined` is reached from `with_lender`. */
/** The stages that end the road elsewhere: counted where they stand, not as steps of it. */
const OFF_ROAD: readonly ConsultationStage[] = ["declined", "closed"];
export const FUNNEL: readonly ConsultationStage[] = CONSULTATION_STAGES.filter((s) => !OFF_ROAD.includes(s));
/** How far along the road each stage lies (`declined` had been with a lender; `closed` says nothing). */
export const STAGE_RANK: Readonly<Partial<Record<ConsultationStage, number>>> = {
  contacting: 1,
  consulted: 2,
  documents: 3,
  with_lender: 4,
  declined: 4,
  approved: 5,
};

export const SPLITS = ["all", "lang", "visa"] as const;
export type Split = (typeof SPLITS)[number];
export function isSplit(value: unknown): value is Split {
  return typeof value === "string" && (SPLITS as readonly string[]).includes(value);
}

/** A value the visitor did not give, or one the form no longer offers (the report still counts it). */
export const UNKNOWN = "unknown";

export function langOf(value: string | null): string {
  return value && (LOCALES as readonly string[]).includes(value) ? value : UNKNOWN;
}
export function visaOf(value: string | null): string {
  return value && (VISA_OPTIONS as readonly string[]).includes(value) ? value : UNKNOWN;
}

/** The values a split's segments take, in the order the page lists them. */
export function splitValues(split: Split): readonly string[] {
  if (split === "lang") return [...LOCALES, UNKNOWN];
  if (split === "visa") return [...VISA_OPTIONS, UNKNOWN];
  return ["all"];
}

/** What a row of aggregated counts is about: the visitor's language and visa type. */
export interface Segmented {
  lang: string;
  visa: string;
}
export interface Grouped extends Segmented {
  n: number;
}

/** The rows of one segment. */
export function inSegment<T extends Segmented>(rows: readonly T[], split: Split, value: string): T[] {
  if (split === "all") return [...rows];
  return rows.filter((r) => (split === "lang" ? r.lang : r.visa) === value);
}

const sum = (rows: readonly Grouped[]) => rows.reduce((total, r) => total + r.n, 0);

/** Consultations that arrived, by stage now and the furthest stage of the road they reached. */
export interface StageCount extends Grouped {
  status: ConsultationStage;
  reached: number;
  closedReason: ClosedReason | null;
}

export interface FunnelRow {
  stage: ConsultationStage;
  /** Requests that reached this stage or one further along (arriving is reaching `new`). */
  reached: number | null;
  /** Requests standing at it now. */
  now: number;
  /** Of those that reached this stage, the share that reached the next (null: the last, or none reached it). */
  toNext: number | null;
}

/** Requests per stage and the conversion from each stage of the road to the next; then declined and closed. */
export function funnel(rows: readonly StageCount[]): FunnelRow[] {
  const reached = FUNNEL.map((_, rank) => sum(rows.filter((r) => r.reached >= rank)));
  const now = (stage: ConsultationStage) => sum(rows.filter((r) => r.status === stage));
  const road: FunnelRow[] = FUNNEL.map((stage, rank) => {
    const here = reached[rank]!;
    const next = reached[rank + 1];
    return { stage, reached: here, now: now(stage), toNext: next === undefined || here === 0 ? null : next / here };
  });
  return [...road, ...OFF_ROAD.map((stage) => ({ stage, reached: null, now: now(stage), toNext: null }))];
}

export interface CountRow<K extends string> {
  key: K;
  n: number;
  /** Of the segment's total for this figure. */
  share: number | null;
}

function shares<K extends string>(keys: readonly K[], count: (key: K) => number): CountRow<K>[] {
  const counts = keys.map((key) => ({ key, n: count(key) }));
  const total = counts.reduce((t, c) => t + c.n, 0);
  return counts.map((c) => ({ ...c, share: total ? c.n / total : null }));
}

/** Why the requests now closed were closed (`unknown`: closed before reasons were recorded). */
export function closedReasons(rows: readonly StageCount[]): CountRow<ClosedReason | typeof UNKNOWN>[] {
  const closed = rows.filter((r) => r.status === "closed");
  const reasonOf = (r: StageCount) => (r.closedReason && CLOSED_REASONS.includes(r.closedReason) ? r.closedReason : UNKNOWN);
  return shares([...CLOSED_REASONS, UNKNOWN] as const, (key) => sum(closed.filter((r) => reasonOf(r) === key)));
}

/** Nearest-rank percentile of ascending values (`p` in 0…1): the smallest value at least p of them do not exceed. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** Outcomes at which the visitor was reached (someone answered and said something of their own). */
export const REACHED_OUTCOMES: readonly CallOutcome[] = ["connected", "callback", "refused", "do_not_contact"];

/** Attempts counted until someone was reached, capped: the last bucket holds this many or more. */
export const ATTEMPT_BUCKETS = 7;
export const NOT_REACHED = "notReached";

/** A consultation with its number of attempts until reached (null: called, never reached). */
export interface AttemptCount extends Grouped {
  until: number | null;
}

/** How many attempts it took to reach someone: 1…6, 7 or more, and requests called but not reached. */
export function attemptsUntilReached(rows: readonly AttemptCount[]): CountRow<string>[] {
  const keys = [...Array.from({ length: ATTEMPT_BUCKETS }, (_, i) => String(i + 1)), NOT_REACHED];
  const bucket = (r: AttemptCount) => (r.until === null ? NOT_REACHED : String(Math.min(r.until, ATTEMPT_BUCKETS)));
  return shares(keys, (key) => sum(rows.filter((r) => bucket(r) === key)));
}

export interface OutcomeCount extends Grouped {
  outcome: CallOutcome;
}

/** Every attempt on the period's requests, by outcome. */
export function outcomes(rows: readonly OutcomeCount[]): CountRow<CallOutcome>[] {
  return shares(CALL_OUTCOMES, (key) => sum(rows.filter((r) => r.outcome === key)));
}

/** A consultation's wait for its first call attempt, all hours and calling hours only (ms). */
export interface FirstCallWait extends Segmented {
  allMs: number;
  callingMs: number;
}

export interface WaitFigures {
  /** Requests called at least once, and those not called yet. */
  called: number;
  notCalled: number;
  medianMs: number | null;
  p90Ms: number | null;
  callingMedianMs: number | null;
  callingP90Ms: number | null;
}

export function firstCallWaits(waits: readonly FirstCallWait[], requests: number): WaitFigures {
  const all = waits.map((w) => w.allMs).sort((a, b) => a - b);
  const calling = waits.map((w) => w.callingMs).sort((a, b) => a - b);
  return {
    called: waits.length,
    notCalled: requests - waits.length,
    medianMs: percentile(all, 0.5),
    p90Ms: percentile(all, 0.9),
    callingMedianMs: percentile(calling, 0.5),
    callingP90Ms: percentile(calling, 0.9),
  };
}
