import { noControlCharacters, v } from "#app/lib/schema.ts";
import { filledFields } from "#app/features/pipeline/form-input.ts";

/**
 * Call attempts (issue 26, item 2): the outcomes an agent logs, and the one
 * schema of the "Log a call" form, read by the detail page, My calls and
 * their actions alike.
 */
export const CALL_OUTCOMES = [
  "connected",
  "no_answer",
  "busy",
  "message_left",
  "wrong_number",
  "callback",
  "refused",
  "do_not_contact",
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** No one was reached: the cadence schedules the next attempt, and counts toward closing as unreachable. */
export const UNANSWERED: readonly CallOutcome[] = ["no_answer", "busy", "message_left"];

export const CALL_NOTE_MAX = 500;

/** `2026-11-26T22:00` as a Seoul wall-clock time (what a datetime-local field sends). */
const SEOUL_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant of a Seoul wall-clock time, or null when it is not one. */
export function fromSeoulLocal(value: string): Date | null {
  const m = SEOUL_LOCAL.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h - 9, mi));
  // 2026-02-30 rolls over: not a time anyone meant.
  const back = new Date(at.getTime() + 9 * 3_600_000);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return at;
}

export const callSchema = v.pipe(
  v.object({
    outcome: v.picklist(CALL_OUTCOMES, "calls.error.outcome"),
    callbackAt: v.optional(v.string(), ""),
    note: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(CALL_NOTE_MAX, "calls.error.tooLong"), noControlCharacters("calls.error.control")),
      "",
    ),
    keepOpen: v.optional(v.picklist(["1"]), undefined),
  }),
  v.forward(
    v.check((c) => c.outcome !== "callback" || fromSeoulLocal(c.callbackAt) !== null, "calls.error.callbackAt"),
    ["callbackAt"],
  ),
);
export type CallInput = v.InferOutput<typeof callSchema>;

/** The form's fields as the schema reads them. */
export function callInput(form: URLSearchParams): Record<string, string> {
  // A form without an outcome gets the outcome's own message, not a generic "required".
  return { outcome: "", ...filledFields(form, ["outcome", "callbackAt", "note", "keepOpen"]) };
}
