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
