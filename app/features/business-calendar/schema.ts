import { noControlCharacters, v } from "#app/lib/schema.ts";
import { isIsoDay } from "#app/lib/seoul-time.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { LEGAL_CALLING, hhmm, parseHhmm, type BusinessCalendar } from "#app/business/calendar.ts";

/**
 * The console's calendar forms (issue 36, item 2): one schema for the hours
 * form (its inputs' limits) and the action, one for a closure. Messages are
 * console catalog keys. Calling hours must lie inside the law's 08:00–21:00
 * and inside the working hours (nobody rings a visitor while the office is
 * shut, and the pages promise calls only in the working hours); every range
 * must run forwards; at least one weekday must be worked.
 */
export const NOTE_MAX = 200;
/** At most this many closures are kept (past ones can be removed). */
export const CLOSURES_MAX = 200;
const TIME_FIELDS = ["working_start", "working_end", "calling_start", "calling_end"] as const;

const msg = (key: AdminKey) => key;

const time = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.nonEmpty(msg("calendar.error.required")),
  v.check((value: string) => parseHhmm(value) !== null, msg("calendar.error.time")),
  v.transform((value: string) => parseHhmm(value)!),
);

type HoursInput = { days: number[]; working_start: number; working_end: number; calling_start: number; calling_end: number };

function rule(fields: (keyof HoursInput)[], target: keyof HoursInput, ok: (input: HoursInput) => boolean, key: AdminKey) {
  return v.forward<HoursInput, v.PartialCheckIssue<HoursInput>, [typeof target]>(
    v.partialCheck(
      fields.map((f) => [f]) as never,
      ((input: HoursInput) => fields.some((f) => typeof input[f] !== "number") || ok(input)) as never,
      msg(key),
    ) as never,
    [target] as never,
  );
}

export const hoursSchema = v.pipe(
  v.object({
    days: v.pipe(
      v.optional(v.string(), ""),
      v.check((value: string) => /^([1-7](,[1-7])*)?$/.test(value), msg("calendar.error.days")),
      v.transform((value: string) => [...new Set(value.split(",").filter(Boolean).map(Number))].sort((a, b) => a - b)),
      v.minLength(1, msg("calendar.error.noDays")),
    ),
    working_start: time,
    working_end: time,
    calling_start: time,
    calling_end: time,
  }),
  rule(["working_start", "working_end"], "working_end", (i) => i.working_end > i.working_start, "calendar.error.order"),
  rule(["calling_start", "calling_end"], "calling_end", (i) => i.calling_end > i.calling_start, "calendar.error.order"),
  rule(["calling_start"], "calling_start", (i) => i.calling_start >= LEGAL_CALLING.start, "calendar.error.legal"),
  rule(["calling_end"], "calling_end", (i) => i.calling_end <= LEGAL_CALLING.end, "calendar.error.legal"),
  rule(["calling_start", "working_start"], "calling_start", (i) => i.calling_start >= i.working_start, "calendar.error.outsideWorking"),
  rule(["calling_end", "working_end"], "calling_end", (i) => i.calling_end <= i.working_end, "calendar.error.outsideWorking"),
);

export type HoursOutput = v.InferOutput<typeof hoursSchema>;

/** The hours form's fields as the action reads them: the weekday checkboxes joined into one list. */
export function hoursFields(form: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of TIME_FIELDS) fields[name] = form.get(name) ?? "";
  fields.days = form.getAll("days").join(",");
  return fields;
}

/** The hours of a stored calendar as the form shows them. */
export function hoursValues(calendar: BusinessCalendar): Record<string, string> {
  return {
    days: calendar.workingDays.join(","),
    working_start: hhmm(calendar.working.start),
    working_end: hhmm(calendar.working.end),
    calling_start: hhmm(calendar.calling.start),
    calling_end: hhmm(calendar.calling.end),
  };
}

export const closureSchema = v.object({
  day: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.nonEmpty(msg("calendar.error.required")),
    v.check((value: string) => isIsoDay(value), msg("calendar.error.day")),
  ),
  note: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.maxLength(NOTE_MAX, msg("calendar.error.tooLong")),
    noControlCharacters(msg("calendar.error.control")),
  ),
});

export type ClosureOutput = v.InferOutput<typeof closureSchema>;
