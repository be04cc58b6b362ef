import { seoulMidnight, seoulMinutes } from "#app/lib/seoul-time.ts";

/**
 * Quiet nights (issue 38, issue 49): nothing reaches a visitor's phone between
 * 21:00 and 08:00 Korea time unless it cannot wait (a one-time code) or the
 * visitor asked for that night (a call-back they chose); what comes in the
 * night is held until 08:00.
 */
const QUIET_FROM = 21 * 60;
const QUIET_UNTIL = 8 * 60;
const HOUR_MS = 3600_000;

/** The night (21:00–08:00 Korea time) an instant falls in, or null in the day. */
export function quietWindow(at: Date): { start: number; end: number } | null {
  const minutes = seoulMinutes(at);
  const midnight = seoulMidnight(at);
  if (minutes >= QUIET_FROM) return { start: midnight + 21 * HOUR_MS, end: midnight + 32 * HOUR_MS };
  if (minutes < QUIET_UNTIL) return { start: midnight - 3 * HOUR_MS, end: midnight + 8 * HOUR_MS };
  return null;
}

/** When a message due at `due` may go: at once by day, at 08:00 after a night unless `askedAt` (a call-back the visitor chose) falls inside it. */
export function allowedAt(due: Date, askedAt: string | null = null): Date {
  const night = quietWindow(due);
  if (!night) return due;
  const asked = askedAt ? Date.parse(askedAt) : NaN;
  if (asked >= night.start && asked < night.end) return due;
  return new Date(night.end);
}
