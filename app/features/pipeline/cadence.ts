import { seoulMidnight } from "#app/lib/seoul-time.ts";
import { nextCallingMoment, type BusinessCalendar } from "#app/business/calendar.ts";

/**
 * When to call next (issue 26, item 2; ADR 0028): the cadence, set here and
 * nowhere else. Every scheduled call falls inside the calling hours of an
 * open day of the business calendar (issue 36, ADR 0037). Pure functions of
 * a time (no clock read): the server passes `now` and the calendar.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What follows the n-th unanswered attempt (n = 1…6): a delay, or a time of a later day. */
type Step = { after: number } | { nextDayAt: number };

/** 10 min, 1 h, 4 h, next day 10:00, two days, three days. */
export const CADENCE: readonly Step[] = [
  { after: 10 * MINUTE },
  { after: HOUR },
  { after: 4 * HOUR },
  { nextDayAt: 10 * 60 },
  { after: 2 * DAY },
  { after: 3 * DAY },
];

/** After this many unanswered attempts the request closes as unreachable, unless an agent keeps it open. */
export const MAX_UNANSWERED = CADENCE.length;

/**
 * When to call after the `unanswered`-th unanswered attempt at `at` (1-based;
 * past the cadence's end, its last step again): the step's time, or the next
 * calling moment of the business calendar after it — never on a closed day
 * (weekend, public holiday, closure) nor outside the calling hours.
 */
export function nextAttemptAt(unanswered: number, at: Date, calendar: BusinessCalendar): Date {
  const step = CADENCE[Math.min(Math.max(unanswered, 1), CADENCE.length) - 1]!;
  const due = "after" in step ? new Date(at.getTime() + step.after) : new Date(seoulMidnight(at) + DAY + step.nextDayAt * MINUTE);
  return nextCallingMoment(calendar, due);
}
