import type { BusinessCalendar } from "#app/business/calendar.ts";

/**
 * A business calendar that calls 09:00–20:00 on every day of the week (the
 * pipeline's tests of issue 26 were written against these hours); public
 * holidays still close a day. The seeded calendar is DEFAULT_CALENDAR.
 */
export const EVERY_DAY_9_TO_8: BusinessCalendar = {
  workingDays: [1, 2, 3, 4, 5, 6, 7],
  working: { start: 9 * 60, end: 20 * 60 },
  calling: { start: 9 * 60, end: 20 * 60 },
  closures: [],
};

/**
 * Open at every hour of every day, holidays aside: for tests that run on the
 * real clock and are about something other than the hours (never a business's
 * setting; the law's 08:00–21:00 window is not checked here).
 */
export const ALWAYS_OPEN: BusinessCalendar = {
  workingDays: [1, 2, 3, 4, 5, 6, 7],
  working: { start: 0, end: 24 * 60 },
  calling: { start: 0, end: 24 * 60 },
  closures: [],
};
