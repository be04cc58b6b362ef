import type { StatusKind } from "#app/requests/kinds.ts";
import type { RightsRequestKind } from "#db/schema.ts";
import { DEADLINE_DAYS } from "#app/features/privacy-rights/deadlines.ts";

/**
 * What the status page may say (issue 28, ADR 0033), decided from the facts
 * of one request — never a name, a full phone number or an operator's note.
 * `stageOf` is the one adapter between how the console stores a request's
 * progress and what the visitor reads: today's new → contacted → closed
 * workflow maps onto the loan stages (new → contacting → consulted →
 * documents → with lender → approved | declined | closed) that the pipeline
 * stores directly; each stage has its words in `status.json`.
 */
export const STAGES = ["new", "contacting", "consulted", "documents", "with_lender", "approved", "declined", "closed"] as const;
export type Stage = (typeof STAGES)[number];
const isStage = (value: string): value is Stage => (STAGES as readonly string[]).includes(value);

/** The console's status or stage of a request → the stage the page speaks of. */
export function stageOf(status: string): Stage {
  if (isStage(status)) return status;
  switch (status) {
    case "contacted":
    case "in_progress":
      return "contacting";
    case "done":
      return "closed";
    default:
      return "new";
  }
}

export const FINAL_STAGES: readonly Stage[] = ["approved", "declined", "closed"];

/** The consultation's road, in the visitor's words (one key per step). */
const CONSULTATION_STEPS = ["received", "call", "consultation", "documents", "lender", "decision"] as const;
const OTHER_STEPS = ["received", "inProgress", "done"] as const;

const CONSULTATION_STEP_OF: Record<Stage, number> = {
  new: 0,
  contacting: 1,
  consulted: 2,
  documents: 3,
  with_lender: 4,
  approved: 5,
  declined: 5,
  closed: 5,
};

export interface StatusFacts {
  kind: StatusKind;
  /** The stored status or stage (see stageOf). */
  status: string;
  createdAt: string;
  /** Masked by the spec's rule (first 3 digits, ****, last 4). */
  maskedPhone: string | null;
  /** The call-back time the visitor asked for (the pipeline's next call, marked as asked). */
  callbackAt: string | null;
  /** The pipeline's last call attempt if no one answered it, and its next call (not asked by the visitor). */
  lastAttemptAt?: string | null;
  nextCallAt?: string | null;
  /** The lender's name once the request is with one. */
  lender?: string | null;
  withdrawnAt: string | null;
  /** What a withdrawal erased: the request kinds' counts. */
  erased: Record<string, number> | null;
  /** A rights request: which, the date we must answer by, and whether we did. */
  rights?: { request: string; dueAt: string | null; answeredAt: string | null } | null;
}

export type Message = { key: string; vars?: Record<string, string | number> };

export interface StatusView {
  kind: StatusKind;
  /** The rights request's kind, for its title. */
  rightsKind: string | null;
  stage: Stage | "withdrawn" | "answered";
  createdAt: string;
  steps: { key: string; state: "done" | "current" | "todo" }[];
  /** Where it stands and what happens next, in order. */
  lines: Message[];
  maskedPhone: string | null;
  /** A call is coming (a consultation before its first talk, any other request still open): "we will call you on …". */
  callAhead: boolean;
  /** Open to the visitor's two actions (a consultation not yet decided or closed). */
  actionable: boolean;
  /**
   * What "Close my request" cannot do at this stage (issue 37): once documents
   * were sent or the application is with a lender, the lender keeps its own
   * copy under its own privacy policy (privacy policy §5), so closing here
   * deletes only what this site holds. Null before those stages.
   */
  closeNote: Message | null;
  /** Once approved: the right to withdraw from the loan within 14 days. */
  withdrawalRight: boolean;
  /** A rights request's deadline, and the rule it comes from. */
  dueAt: string | null;
  /** When the visitor withdrew it. */
  withdrawnAt: string | null;
}

function steps(keys: readonly string[], current: number, finished: boolean) {
  return keys.map((key, i) => ({
    key,
    state: i < current || (finished && i === current) ? ("done" as const) : i === current ? ("current" as const) : ("todo" as const),
  }));
}

/**
 * What happens next while we are still to call (a consultation), from the
 * pipeline's schedule: the call-back the visitor asked for (by phone or on
 * this page) while it is ahead; else, after an unanswered attempt, when we
 * tried and when we will try again (while that is ahead); else the call
 * within one working hour.
 */
function nextCall(facts: StatusFacts, now: Date, phone: string): Message {
  const ahead = (iso: string | null | undefined): iso is string => !!iso && new Date(iso) > now;
  if (ahead(facts.callbackAt)) return { key: "status.next.callback", vars: { time: facts.callbackAt, phone } };
  if (facts.lastAttemptAt && ahead(facts.nextCallAt))
    return { key: "status.next.tried", vars: { tried: facts.lastAttemptAt, next: facts.nextCallAt, phone } };
  return { key: "status.next.callSoon", vars: { phone } };
}

export function statusView(facts: StatusFacts, now: Date, adviserPhone: string): StatusView {
  const base = {
    kind: facts.kind,
    rightsKind: facts.rights?.request ?? null,
    createdAt: facts.createdAt,
    maskedPhone: facts.withdrawnAt ? null : facts.maskedPhone,
    withdrawnAt: facts.withdrawnAt,
    dueAt: null,
    withdrawalRight: false,
    actionable: false,
    callAhead: false,
    closeNote: null,
  };
  if (facts.withdrawnAt) {
    return {
      ...base,
      stage: "withdrawn",
      steps: [],
      lines: [
        { key: "status.withdrawn.body", vars: { day: facts.withdrawnAt } },
        { key: "status.withdrawn.deleted" },
        { key: "status.withdrawn.again" },
      ],
    };
  }
  if (facts.kind === "rights") {
    const answered = facts.rights?.answeredAt ?? null;
    const request = facts.rights?.request ?? "erase";
    const lines: Message[] = answered
      ? [{ key: "status.rights.answered", vars: { day: answered } }]
      : [
          { key: "status.rights.due", vars: { day: facts.rights?.dueAt ?? facts.createdAt } },
          { key: `status.rights.why.${request}`, vars: daysOf(request) },
        ];
    return {
      ...base,
      stage: answered ? "answered" : "new",
      steps: steps(OTHER_STEPS, answered ? 2 : 1, !!answered),
      lines,
      dueAt: facts.rights?.dueAt ?? null,
    };
  }
  const stage = stageOf(facts.status);
  const final = FINAL_STAGES.includes(stage);
  if (facts.kind !== "consultation") {
    const at = stage === "new" ? 0 : final ? 2 : 1;
    return {
      ...base,
      stage,
      steps: steps(OTHER_STEPS, at, final),
      lines: [{ key: final ? "status.other.done" : "status.other.open" }],
      callAhead: !final && !!base.maskedPhone,
    };
  }
  const lines: Message[] = [{ key: `status.stage.${stage}` }];
  if (stage === "new" || stage === "contacting") lines.push(nextCall(facts, now, adviserPhone));
  if (stage === "with_lender" && facts.lender) lines.push({ key: "status.next.withLender", vars: { lender: facts.lender } });
  return {
    ...base,
    stage,
    steps: steps(CONSULTATION_STEPS, CONSULTATION_STEP_OF[stage], final),
    lines,
    actionable: !final,
    callAhead: (stage === "new" || stage === "contacting") && !!base.maskedPhone,
    closeNote: stage === "documents" || stage === "with_lender" ? { key: `status.withdraw.atStage.${stage}` } : null,
    withdrawalRight: stage === "approved",
  };
}

/** The days a rights request's answer may take, from the one table the deadlines come from (privacy-rights/deadlines.ts). */
function daysOf(request: string): Record<string, number> | undefined {
  return request in DEADLINE_DAYS ? { count: DEADLINE_DAYS[request as RightsRequestKind] } : undefined;
}
