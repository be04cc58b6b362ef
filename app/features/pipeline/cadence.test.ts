import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CADENCE, MAX_UNANSWERED, nextAttemptAt } from "#app/features/pipeline/cadence.ts";
import { fromSeoulLocal } from "#app/features/pipeline/calls.ts";
import { seoulMinutes, utcToKst } from "#app/lib/seoul-time.ts";
import { DEFAULT_CALENDAR, LEGAL_CALLING, isCallingTime, type BusinessCalendar } from "#app/business/calendar.ts";

/** A Seoul wall-clock time as an instant. */
const kst = (local: string) => fromSeoulLocal(local)!;
const local = (at: Date) => utcToKst(at.toISOString());

/** Calls 09:00–20:00 every day of the week, no closures (public holidays still close). */
const EVERY_DAY: BusinessCalendar = {
  workingDays: [1, 2, 3, 4, 5, 6, 7],
  working: { start: 9 * 60, end: 20 * 60 },
  calling: { start: 9 * 60, end: 20 * 60 },
  closures: [],
};

describe("the cadence", () => {
  it("is 10 min, 1 h, 4 h, next day 10:00, two days, three days, then closes", () => {
    expect(CADENCE).toHaveLength(6);
    expect(MAX_UNANSWERED).toBe(6);
    const calendar = EVERY_DAY;
    expect(local(nextAttemptAt(1, kst("2026-11-26T10:00"), calendar))).toBe("2026-11-26T10:10");
    expect(local(nextAttemptAt(2, kst("2026-11-26T10:10"), calendar))).toBe("2026-11-26T11:10");
    expect(local(nextAttemptAt(3, kst("2026-11-26T11:10"), calendar))).toBe("2026-11-26T15:10");
    expect(local(nextAttemptAt(4, kst("2026-11-26T15:10"), calendar))).toBe("2026-11-27T10:00");
    expect(local(nextAttemptAt(5, kst("2026-11-27T10:00"), calendar))).toBe("2026-11-29T10:00");
    expect(local(nextAttemptAt(6, kst("2026-11-29T10:00"), calendar))).toBe("2026-12-02T10:00");
    // Kept open past the end: the last step again.
    expect(local(nextAttemptAt(9, kst("2026-12-02T10:00"), calendar))).toBe("2026-12-05T10:00");
  });

  it("moves a time outside the calling hours to the next opening", () => {
    expect(local(nextAttemptAt(1, kst("2026-11-26T19:55"), EVERY_DAY))).toBe("2026-11-27T09:00");
    expect(local(nextAttemptAt(3, kst("2026-11-26T17:00"), EVERY_DAY))).toBe("2026-11-27T09:00");
    // Hours opening late: the next day's 10:00 waits for the opening.
    const late = { ...EVERY_DAY, calling: { start: 11 * 60, end: 18 * 60 } };
    expect(local(nextAttemptAt(4, kst("2026-11-26T15:00"), late))).toBe("2026-11-27T11:00");
  });

  it("never tries again on a weekend, a public holiday or a closure (the seeded calendar: Mon–Fri 09:00–18:00)", () => {
    // Friday 17:00 + 4 h → Monday 09:00; "two days" from Thursday → Monday (Saturday is closed).
    expect(local(nextAttemptAt(3, kst("2026-11-27T17:00"), DEFAULT_CALENDAR))).toBe("2026-11-30T09:00");
    expect(local(nextAttemptAt(5, kst("2026-11-26T10:00"), DEFAULT_CALENDAR))).toBe("2026-11-30T09:00");
    // 추석 2026: Thu 24 – Sat 26 September; "next day 10:00" from Wednesday 23 → Monday 28 at the opening.
    expect(local(nextAttemptAt(4, kst("2026-09-23T15:00"), DEFAULT_CALENDAR))).toBe("2026-09-28T09:00");
    // 설날 2027: Sat 6 – Mon 8 February and the substitute day Tue 9: Friday 5's 4-hour step waits until Wednesday 10.
    expect(local(nextAttemptAt(3, kst("2027-02-05T16:00"), DEFAULT_CALENDAR))).toBe("2027-02-10T09:00");
    // A closure the business added.
    const closed = { ...DEFAULT_CALENDAR, closures: [{ day: "2026-12-01", note: "" }] };
    expect(local(nextAttemptAt(4, kst("2026-11-30T11:00"), closed))).toBe("2026-12-02T09:00");
  });

  const anyCalendar = fc
    .record({
      days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      start: fc.integer({ min: LEGAL_CALLING.start, max: LEGAL_CALLING.end - 1 }),
      length: fc.integer({ min: 1, max: LEGAL_CALLING.end - LEGAL_CALLING.start }),
      closures: fc.array(fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z"), noInvalidDate: true }), {
        maxLength: 20,
      }),
    })
    .map(({ days, start, length, closures }): BusinessCalendar => {
      const calling = { start, end: Math.min(start + length, LEGAL_CALLING.end) };
      return {
        workingDays: days.sort((a, b) => a - b),
        working: calling,
        calling,
        closures: closures.map((d) => ({ day: d.toISOString().slice(0, 10), note: "" })),
      };
    });
  const anyTime = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T23:59:59Z"), noInvalidDate: true });

  it("always schedules inside the calling hours of an open day (so never 21:00–08:00 KST), and after the attempt", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), anyTime, anyCalendar, (n, at, calendar) => {
        const next = nextAttemptAt(n, at, calendar);
        const minutes = seoulMinutes(next);
        expect(minutes).toBeGreaterThanOrEqual(LEGAL_CALLING.start);
        expect(minutes).toBeLessThan(LEGAL_CALLING.end);
        expect(isCallingTime(calendar, next)).toBe(true);
        expect(next.getTime()).toBeGreaterThan(at.getTime());
      }),
      { numRuns: 1000 },
    );
  });

  it("reads a Seoul wall-clock time, and refuses days that do not exist", () => {
    expect(kst("2026-11-26T22:00").toISOString()).toBe("2026-11-26T13:00:00.000Z");
    expect(kst("2026-01-01T03:00").toISOString()).toBe("2025-12-31T18:00:00.000Z");
    for (const bad of ["2026-02-30T10:00", "2026-11-26 22:00", "2026-11-26T24:00", "tomorrow"]) expect(fromSeoulLocal(bad), bad).toBeNull();
  });
});
