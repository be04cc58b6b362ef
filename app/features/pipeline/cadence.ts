import { seoulMidnight, seoulMinutes } from "#app/lib/seoul-time.ts";

/**
 * When to call next (issue 26, item 2; ADR 0028): the cadence, set here and
 * nowhere else, and the calling hours every scheduled call falls inside.
 * Pure functions of a time (no clock read): the server passes `now`. Seoul
 * times are app/lib/seoul-time.ts's.
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

/** Calls may be placed from `start` to before `end`, in minutes after Seoul midnight. */
export interface CallingHours {
  start: number;
  end: number;
}

/** The law's window (no calls 21:00–08:00 unless asked): configured hours must lie inside it. */
export const LEGAL_HOURS: CallingHours = { start: 8 * 60, end: 21 * 60 };
export const DEFAULT_CALLING_HOURS: CallingHours = { start: 9 * 60, end: 20 * 60 };

/**
 * Reads `HH:MM-HH:MM` (the CALLING_HOURS setting). Anything unreadable,
 * empty, or reaching outside 08:00–21:00 is refused (null).
 */
export function parseCallingHours(value: string): CallingHours | null {
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [h1, m1, h2, m2] = match.slice(1).map(Number) as [number, number, number, number];
  if (m1 > 59 || m2 > 59) return null;
  const hours = { start: h1 * 60 + m1, end: h2 * 60 + m2 };
  if (hours.start >= hours.end || hours.start < LEGAL_HOURS.start || hours.end > LEGAL_HOURS.end) return null;
  return hours;
}

/** The instant itself when it lies inside the calling hours; else the next opening. */
export function withinHours(at: Date, hours: CallingHours): Date {
  const minutes = seoulMinutes(at);
  if (minutes >= hours.start && minutes < hours.end) return at;
  const midnight = seoulMidnight(at);
  return new Date((minutes < hours.start ? midnight : midnight + DAY) + hours.start * MINUTE);
}

/**
 * When to call after the `unanswered`-th unanswered attempt at `at` (1-based;
 * past the cadence's end, its last step again), inside the calling hours.
 */
export function nextAttemptAt(unanswered: number, at: Date, hours: CallingHours): Date {
  const step = CADENCE[Math.min(Math.max(unanswered, 1), CADENCE.length) - 1]!;
  const due = "after" in step ? new Date(at.getTime() + step.after) : new Date(seoulMidnight(at) + DAY + step.nextDayAt * MINUTE);
  return withinHours(due, hours);
}
