import type { ClosedReason, RequestStage } from "#db/schema.ts";
import type { RequestKind } from "#app/requests/kinds.ts";
import { noControlCharacters, present, requiredText, v } from "#app/lib/schema.ts";
import { filledFields } from "#app/features/pipeline/form-input.ts";

/**
 * The pipeline's rules (issue 26, item 1; ADR 0028): which stage a request
 * may move to from where it stands, what each move must record, and the one
 * schema of the "move" form, read by the detail page and its action alike.
 */

/** Where each stage of a consultation may go: forward, one step back where work is redone, and a reopening. */
const CONSULTATION_MOVES: Record<string, readonly RequestStage[]> = {
  new: ["contacting", "consulted", "closed"],
  contacting: ["consulted", "closed"],
  consulted: ["documents", "with_lender", "closed"],
  documents: ["consulted", "with_lender", "closed"],
  with_lender: ["documents", "approved", "declined", "closed"],
  approved: [],
  declined: ["with_lender", "closed"],
  closed: ["contacting"],
};

const APPLICATION_MOVES: Record<string, readonly RequestStage[]> = {
  new: ["in_progress", "done", "closed"],
  in_progress: ["done", "closed"],
  done: ["in_progress"],
  closed: ["in_progress"],
};

/** The stages a request of `kind` standing at `from` may move to (none from a stage it cannot have). */
export function nextStages(kind: RequestKind, from: RequestStage): readonly RequestStage[] {
  return (kind === "consultation" ? CONSULTATION_MOVES : APPLICATION_MOVES)[from] ?? [];
}

export function canMove(kind: RequestKind, from: RequestStage, to: RequestStage): boolean {
  return nextStages(kind, from).includes(to);
}

/** A consultation decided or closed: nothing more is scheduled for it (no call, no call-back alert). */
export const DECIDED_STAGES = ["approved", "declined", "closed"] as const satisfies readonly RequestStage[];
export const isDecided = (stage: RequestStage): boolean => (DECIDED_STAGES as readonly RequestStage[]).includes(stage);

/** The fixed list a closed consultation's reason comes from (issue 26). */
export const CLOSED_REASONS = [
  "unreachable",
  "wrong_number",
  "withdrew",
  "not_eligible_stay",
  "not_eligible_income",
  "lender_declined",
  "went_elsewhere",
  "duplicate",
  "other",
] as const satisfies readonly ClosedReason[];

/** How a stage is drawn: waiting for a first call, being worked, ended well, ended otherwise. */
export type StagePhase = "waiting" | "working" | "won" | "ended";
export function stagePhase(stage: RequestStage): StagePhase {
  if (stage === "new") return "waiting";
  if (stage === "approved" || stage === "done") return "won";
  if (stage === "declined" || stage === "closed") return "ended";
  return "working";
}

export const LENDER_MAX = 100;
export const CLOSED_NOTE_MAX = 500;
/** Two billion won: far above any loan the business brokers, inside every dialect's integer. */
export const AMOUNT_MAX = 2_000_000_000;

const isoDay = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, "pipeline.error.day"),
  v.check(
    (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    "pipeline.error.day",
  ),
);

const amount = v.pipe(
  v.string(),
  v.transform((s) => s.replace(/[\s,]/g, "")),
  v.regex(/^\d{1,10}$/, "pipeline.error.amount"),
  v.transform(Number),
  v.number(),
  v.minValue(1, "pipeline.error.amount"),
  v.maxValue(AMOUNT_MAX, "pipeline.error.amount"),
);

/** What a move records, per stage it goes to; every other field of the form is ignored. */
export const moveSchema = v.variant(
  "to",
  [
    v.object({
      to: v.literal("with_lender"),
      // The lender is named: the person's consent to give it their data is looked up by it (issue 52, item 1).
      lender: present(requiredText("pipeline.error.lender", LENDER_MAX, "pipeline.error.tooLong")),
    }),
    v.object({ to: v.literal("approved"), amount: v.optional(amount, ""), approvedOn: v.optional(isoDay, "") }),
    v.pipe(
      v.object({
        to: v.literal("closed"),
        reason: v.optional(v.picklist(CLOSED_REASONS, "pipeline.error.reason")),
        closedNote: v.optional(
          v.pipe(
            v.string(),
            v.trim(),
            v.maxLength(CLOSED_NOTE_MAX, "pipeline.error.tooLong"),
            noControlCharacters("pipeline.error.control"),
          ),
        ),
      }),
      v.forward(
        v.check((m) => m.reason !== "other" || Boolean(m.closedNote), "pipeline.error.otherNote"),
        ["closedNote"],
      ),
    ),
    v.object({
      to: v.picklist(["new", "contacting", "consulted", "documents", "declined", "in_progress", "done"] as const, "pipeline.error.stage"),
    }),
  ],
  "pipeline.error.stage",
);

export type StageMove = v.InferOutput<typeof moveSchema>;

/** The form's fields as the schema reads them. */
export function moveInput(form: URLSearchParams): Record<string, string> {
  return filledFields(form, ["to", "lender", "amount", "approvedOn", "reason", "closedNote"]);
}
