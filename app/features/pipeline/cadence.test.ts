import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  CADENCE,
  DEFAULT_CALLING_HOURS,
  LEGAL_HOURS,
  MAX_UNANSWERED,
  nextAttemptAt,
  parseCallingHours,
  withinHours,
  type CallingHours,
} from "#app/features/pipeline/cadence.ts";
import { fromSeoulLocal } from "#app/features/pipeline/calls.ts";
import { seoulMinutes, utcToKst } from "#app/lib/seoul-time.ts";

/** A Seoul wall-clock time as an instant. */
const kst = (local: string) => fromSeoulLocal(local)!;
const local = (at: Date) => utcToKst(at.toISOString());

describe("the cadence", () => {
  it("is 10 min, 1 h, 4 h, next day 10:00, two days, three days, then closes", () => {
    expect(CADENCE).toHaveLength(6);
    expect(MAX_UNANSWERED).toBe(6);
    const hours = DEFAULT_CALLING_HOURS; // 09:00–20:00
    expect(local(nextAttemptAt(1, kst("2026-11-26T10:00"), hours))).toBe("2026-11-26T10:10");
    expect(local(nextAttemptAt(2, kst("2026-11-26T10:10"), hours))).toBe("2026-11-26T11:10");
    expect(local(nextAttemptAt(3, kst("2026-11-26T11:10"), hours))).toBe("2026-11-26T15:10");
    expect(local(nextAttemptAt(4, kst("2026-11-26T15:10"), hours))).toBe("2026-11-27T10:00");
    expect(local(nextAttemptAt(5, kst("2026-11-27T10:00"), hours))).toBe("2026-11-29T10:00");
    expect(local(nextAttemptAt(6, kst("2026-11-29T10:00"), hours))).toBe("2026-12-02T10:00");
    // Kept open past the end: the last step again.
    expect(local(nextAttemptAt(9, kst("2026-12-02T10:00"), hours))).toBe("2026-12-05T10:00");
  });

  it("moves a time outside the calling hours to the next opening", () => {
    const hours = DEFAULT_CALLING_HOURS;
    expect(local(nextAttemptAt(1, kst("2026-11-26T19:55"), hours))).toBe("2026-11-27T09:00");
    expect(local(nextAttemptAt(3, kst("2026-11-26T17:00"), hours))).toBe("2026-11-27T09:00");
    expect(local(withinHours(kst("2026-11-26T06:30"), hours))).toBe("2026-11-26T09:00");
    expect(local(withinHours(kst("2026-11-26T20:00"), hours))).toBe("2026-11-27T09:00");
    expect(local(withinHours(kst("2026-12-31T23:59"), hours))).toBe("2027-01-01T09:00");
    // Hours opening late: the next day's 10:00 waits for the opening.
    expect(local(nextAttemptAt(4, kst("2026-11-26T15:00"), { start: 11 * 60, end: 18 * 60 }))).toBe("2026-11-27T11:00");
  });

  it("reads configured calling hours only inside 08:00–21:00", () => {
    expect(parseCallingHours("08:00-21:00")).toEqual(LEGAL_HOURS);
    expect(parseCallingHours(" 09:30-18:00 ")).toEqual({ start: 570, end: 1080 });
    for (const bad of ["07:59-20:00", "09:00-21:01", "18:00-09:00", "09:00-09:00", "9-18", "", "09:60-18:00", "22:00-07:00"]) {
      expect(parseCallingHours(bad), bad).toBeNull();
    }
  });

  const anyHours = fc
    .tuple(
      fc.integer({ min: LEGAL_HOURS.start, max: LEGAL_HOURS.end - 1 }),
      fc.integer({ min: 1, max: LEGAL_HOURS.end - LEGAL_HOURS.start }),
    )
    .map(([start, length]): CallingHours => ({ start, end: Math.min(start + length, LEGAL_HOURS.end) }));
  const anyTime = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T23:59:59Z"), noInvalidDate: true });

  it("never schedules a call between 21:00 and 08:00 KST, nor outside the configured hours, nor before the attempt", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), anyTime, anyHours, (n, at, hours) => {
        const next = nextAttemptAt(n, at, hours);
        const minutes = seoulMinutes(next);
        expect(minutes).toBeGreaterThanOrEqual(LEGAL_HOURS.start);
        expect(minutes).toBeLessThan(LEGAL_HOURS.end);
        expect(minutes).toBeGreaterThanOrEqual(hours.start);
        expect(minutes).toBeLessThan(hours.end);
        expect(next.getTime()).toBeGreaterThan(at.getTime());
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a time already inside the hours as it is, and moves any other by less than a day", () => {
    fc.assert(
      fc.property(anyTime, anyHours, (at, hours) => {
        const fitted = withinHours(at, hours);
        const minutes = seoulMinutes(at);
        if (minutes >= hours.start && minutes < hours.end) expect(fitted).toEqual(at);
        else expect(fitted.getTime() - at.getTime()).toBeLessThan(86_400_000);
        expect(fitted.getTime()).toBeGreaterThanOrEqual(at.getTime());
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a Seoul wall-clock time, and refuses days that do not exist", () => {
    expect(kst("2026-11-26T22:00").toISOString()).toBe("2026-11-26T13:00:00.000Z");
    expect(kst("2026-01-01T03:00").toISOString()).toBe("2025-12-31T18:00:00.000Z");
    for (const bad of ["2026-02-30T10:00", "2026-11-26 22:00", "2026-11-26T24:00", "tomorrow"]) expect(fromSeoulLocal(bad), bad).toBeNull();
  });
});
