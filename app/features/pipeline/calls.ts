import { noControlCharacters, v } from "#app/lib/schema.ts";
import { filledFields } from "#app/features/pipeline/form-input.ts";
import { fromSeoulLocal } from "#app/lib/seoul-time.ts";

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

/** The call-back time is read as app/lib/seoul-time.ts reads a Seoul wall-clock time; its callers import it from here. */
export { fromSeoulLocal };

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

/** The query a lead's link in My calls carries, so that opening it there is known as the moment before a call (issue 38). */
export const FROM_MY_CALLS = { name: "from", value: "mycalls" } as const;
