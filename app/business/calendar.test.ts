import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_CALENDAR,
  HOLIDAY_YEARS,
  callSlots,
  callSlotsKey,
  callingMsBetween,
  closedBecause,
  holidayNames,
  holidaysBetween,
  holidaysKnown,
  hoursVars,
  isCallingTime,
  isOfferedSlot,
  isOpenDay,
  isWorkingTime,
  nextCallingMoment,
  parseHhmm,
  weekdayOf,
  workingDaysText,
  type BusinessCalendar,
} from "#app/business/calendar.ts";
import { fromSeoulLocal } from "#app/lib/seoul-time.ts";
import { seoulDay, seoulMinutes, utcToKst } from "#app/lib/seoul-time.ts";

/** A Seoul wall-clock time as an instant, and back. */
const kst = (local: string) => fromSeoulLocal(local)!;
const local = (at: Date) => utcToKst(at.toISOString());
const HOUR = 3_600_000;

/** The seeded calendar: Monday to Friday, working and calling 09:00–18:00. */
const CAL = DEFAULT_CALENDAR;

describe("public holidays (the gazette's package)", () => {
  it("closes 설날 and 추석 of 2026 and 2027, with their substitute days", () => {
    for (const day of ["2026-02-16", "2026-02-17", "2026-02-18", "2026-09-24", "2026-09-25", "2026-09-26"]) {
      expect(isOpenDay(CAL, day), day).toBe(false);
    }
    for (const day of ["2027-02-06", "2027-02-07", "2027-02-08", "2027-09-14", "2027-09-15", "2027-09-16"]) {
      expect(isOpenDay(CAL, day), day).toBe(false);
    }
    // Substitute holidays: 설날 2027 falls on a Sunday → Tuesday 9 February; 개천절 2026 on a Saturday → Monday 5 October.
    expect(holidayNames("2027-02-09")).toEqual(["대체공휴일(설날)"]);
    expect(closedBecause(CAL, "2027-02-09")).toEqual({ kind: "holiday", names: ["대체공휴일(설날)"] });
    expect(closedBecause(CAL, "2026-10-05")).toEqual({ kind: "holiday", names: ["대체공휴일(개천절)"] });
    expect(holidayNames("2026-09-25")).toEqual(["추석"]);
    // The working days around them stay open.
    for (const day of ["2026-02-19", "2026-09-23", "2026-09-28", "2027-02-05", "2027-02-10", "2027-09-17"]) {
      expect(isOpenDay(CAL, day), day).toBe(true);
    }
  });

  it("closes weekends and the closures the business adds, and says why", () => {
    expect(weekdayOf("2026-11-28")).toBe(6);
    expect(closedBecause(CAL, "2026-11-28")).toEqual({ kind: "weekday" });
    expect(closedBecause(CAL, "2026-11-29")).toEqual({ kind: "weekday" });
    const closed: BusinessCalendar = { ...CAL, closures: [{ day: "2026-12-01", note: "Office move" }] };
    expect(closedBecause(closed, "2026-12-01")).toEqual({ kind: "closure", note: "Office move" });
    expect(isOpenDay(CAL, "2026-12-01")).toBe(true);
    // A business that works Saturdays opens them, but never a public holiday.
    const saturdays = { ...CAL, workingDays: [1, 2, 3, 4, 5, 6] };
    expect(isOpenDay(saturdays, "2026-11-28")).toBe(true);
    expect(isOpenDay(saturdays, "2026-09-26")).toBe(false); // 추석 다음 날, a Saturday
  });

  it("knows the years the package covers; past them only weekdays and closures close a day", () => {
    expect(HOLIDAY_YEARS.first).toBeLessThanOrEqual(2026);
    expect(HOLIDAY_YEARS.last).toBeGreaterThanOrEqual(2027);
    expect(holidaysKnown(2027)).toBe(true);
    const unknown = HOLIDAY_YEARS.last + 1;
    expect(holidaysKnown(unknown)).toBe(false);
    expect(holidaysBetween(`${unknown}-01-01`, `${unknown}-12-31`)).toEqual([]);
    // New Year's Day of an unknown year is not known as a holiday: open when it is a working weekday.
    const newYear = `${unknown}-01-01`;
    expect(holidayNames(newYear)).toBeNull();
    expect(isOpenDay(CAL, newYear)).toBe(CAL.workingDays.includes(weekdayOf(newYear)));
  });

  it("lists the holidays of a span in order", () => {
    expect(holidaysBetween("2026-09-20", "2026-10-10").map((h) => h.day)).toEqual([
      "2026-09-24",
      "2026-09-25",
      "2026-09-26",
      "2026-10-03",
      "2026-10-05",
      "2026-10-09",
    ]);
  });
});

describe("the next calling moment", () => {
  it("is the instant itself inside the calling hours of an open day", () => {
    const at = kst("2026-12-01T10:17");
    expect(nextCallingMoment(CAL, at)).toBe(at);
    expect(isCallingTime(CAL, at)).toBe(true);
  });

  it("schedules a night arrival for the opening: the same morning, the next day, or after a weekend", () => {
    expect(local(nextCallingMoment(CAL, kst("2026-12-01T06:30")))).toBe("2026-12-01T09:00");
    expect(local(nextCallingMoment(CAL, kst("2026-12-01T23:00")))).toBe("2026-12-02T09:00");
    expect(local(nextCallingMoment(CAL, kst("2026-12-01T18:00")))).toBe("2026-12-02T09:00");
    expect(local(nextCallingMoment(CAL, kst("2026-11-27T22:00")))).toBe("2026-11-30T09:00"); // Friday night → Monday
    expect(local(nextCallingMoment(CAL, kst("2026-11-29T12:00")))).toBe("2026-11-30T09:00"); // Sunday noon → Monday
  });

  it("waits out 설날 and 추석 of two years, substitute days included", () => {
    // 추석 2026: the evening before (Wednesday 23) → Monday 28 (Saturday 26 is 추석 다음 날, then Sunday).
    expect(local(nextCallingMoment(CAL, kst("2026-09-23T21:30")))).toBe("2026-09-28T09:00");
    expect(local(nextCallingMoment(CAL, kst("2026-09-25T11:00")))).toBe("2026-09-28T09:00");
    // 설날 2026: Monday 16 – Wednesday 18 February → Thursday 19.
    expect(local(nextCallingMoment(CAL, kst("2026-02-13T19:00")))).toBe("2026-02-19T09:00");
    // 설날 2027: Saturday 6 – Monday 8 and the substitute Tuesday 9 → Wednesday 10.
    expect(local(nextCallingMoment(CAL, kst("2027-02-05T20:00")))).toBe("2027-02-10T09:00");
    // 추석 2027: Tuesday 14 – Thursday 16 September → Friday 17.
    expect(local(nextCallingMoment(CAL, kst("2027-09-13T18:30")))).toBe("2027-09-17T09:00");
  });

  it("skips a closure the business added", () => {
    const closed: BusinessCalendar = { ...CAL, closures: [{ day: "2026-12-02", note: "" }] };
    expect(local(nextCallingMoment(closed, kst("2026-12-01T23:00")))).toBe("2026-12-03T09:00");
  });

  it("follows the calling hours, not the working hours", () => {
    const narrow: BusinessCalendar = { ...CAL, calling: { start: 10 * 60, end: 17 * 60 } };
    expect(isWorkingTime(narrow, kst("2026-12-01T09:30"))).toBe(true);
    expect(isCallingTime(narrow, kst("2026-12-01T09:30"))).toBe(false);
    expect(local(nextCallingMoment(narrow, kst("2026-12-01T09:30")))).toBe("2026-12-01T10:00");
    expect(local(nextCallingMoment(narrow, kst("2026-12-01T17:00")))).toBe("2026-12-02T10:00");
  });
});

describe("call-back slots", () => {
  it("offers no slot on 설날 2027 and its substitute day, and resumes after it", () => {
    const now = kst("2027-02-04T10:00"); // Thursday
    const days = new Set(callSlots(CAL, now).map((s) => seoulDay(s)));
    expect([...days]).toEqual(["2027-02-04", "2027-02-05", "2027-02-10", "2027-02-11"]);
    expect(isOfferedSlot(CAL, kst("2027-02-09T10:00").toISOString(), now)).toBeNull(); // 대체공휴일
    expect(isOfferedSlot(CAL, kst("2027-02-10T10:00").toISOString(), now)).not.toBeNull();
  });

  it("offers no slot during 추석 2026, nor on an added closure", () => {
    const now = kst("2026-09-22T15:10"); // Tuesday
    const closed: BusinessCalendar = { ...CAL, closures: [{ day: "2026-09-28", note: "" }] };
    const days = new Set(callSlots(closed, now).map((s) => seoulDay(s)));
    expect([...days]).toEqual(["2026-09-22", "2026-09-23", "2026-09-29"]);
    expect(callSlots(closed, now)[0]!.toISOString()).toBe(kst("2026-09-22T16:00").toISOString());
  });
});

describe("callSlotsKey (what a kept slot list may be keyed on, issue 41)", () => {
  it("two instants with the same key get the same slots; a key moves when the slots may", () => {
    const base = kst("2026-11-30T08:00").getTime();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * 3_600_000 }), fc.integer({ min: 0, max: 3 * 3_600_000 }), (a, b) => {
        const [x, y] = [new Date(base + a), new Date(base + b)];
        if (callSlotsKey(x) !== callSlotsKey(y)) return;
        expect(callSlots(CAL, x).map(String)).toEqual(callSlots(CAL, y).map(String));
      }),
    );
    expect(callSlotsKey(kst("2026-11-30T08:29"))).not.toBe(callSlotsKey(kst("2026-11-30T08:31")));
    expect(callSlotsKey(kst("2026-11-30T08:59"))).not.toBe(callSlotsKey(kst("2026-11-30T09:00")));
  });
});

describe("calling-hours waits (the reports)", () => {
  it("counts only the calling hours of open days", () => {
    // Friday 17:00 → Monday 10:00: one hour on Friday, one on Monday.
    expect(callingMsBetween(CAL, kst("2026-11-27T17:00"), kst("2026-11-30T10:00"))).toBe(2 * HOUR);
    // Over 추석 2026: Wednesday 17:30 → Monday 09:30 is one hour.
    expect(callingMsBetween(CAL, kst("2026-09-23T17:30"), kst("2026-09-28T09:30"))).toBe(HOUR);
    // A night arrival called at the opening waited nothing in calling hours.
    expect(callingMsBetween(CAL, kst("2026-12-01T23:00"), kst("2026-12-02T09:00"))).toBe(0);
    expect(callingMsBetween(CAL, kst("2026-12-02T09:00"), kst("2026-12-01T23:00"))).toBe(0);
  });
});

describe("what visitors read", () => {
  it("names the working days and hours in the visitor's language", () => {
    expect(hoursVars(CAL, "en")).toEqual({ days: "Monday–Friday", from: "09:00", to: "18:00" });
    expect(hoursVars({ ...CAL, calling: { start: 600, end: 1020 } }, "en", "calling")).toMatchObject({ from: "10:00", to: "17:00" });
    expect(workingDaysText([1, 2, 3, 6], "en")).toBe("Monday–Wednesday and Saturday");
    expect(workingDaysText([1, 2, 4], "en")).toBe("Monday, Tuesday and Thursday");
    expect(workingDaysText([1, 2, 3, 4, 5], "vi")).toBe("Thứ Hai–Thứ Sáu");
    expect(workingDaysText([1, 2, 3, 4, 5], "id")).toBe("Senin–Jumat");
    // Each language's clock (issue 50, X5): Indonesian writes 09.00, as the {time} beside it.
    expect(hoursVars(CAL, "id")).toMatchObject({ from: "09.00", to: "18.00" });
    expect(hoursVars(CAL, "my")).toMatchObject({ from: "09:00", to: "18:00" });
  });

  it("reads HH:MM", () => {
    expect(parseHhmm("09:30")).toBe(570);
    expect(parseHhmm("24:00")).toBe(1440);
    for (const bad of ["9:30", "24:01", "09:60", "", "noon"]) expect(parseHhmm(bad), bad).toBeNull();
  });
});

describe("properties", () => {
  const anyCalendar = fc
    .record({
      days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      start: fc.integer({ min: 8 * 60, max: 21 * 60 - 1 }),
      length: fc.integer({ min: 1, max: 13 * 60 }),
      closures: fc.array(fc.date({ min: new Date("2025-06-01T00:00:00Z"), max: new Date("2028-06-01T00:00:00Z"), noInvalidDate: true }), {
        maxLength: 30,
      }),
    })
    .map(({ days, start, length, closures }): BusinessCalendar => {
      const calling = { start, end: Math.min(start + length, 21 * 60) };
      return {
        workingDays: days.sort((a, b) => a - b),
        working: calling,
        calling,
        closures: closures.map((d) => ({ day: d.toISOString().slice(0, 10), note: "" })),
      };
    });
  const anyTime = fc.date({ min: new Date("2025-06-01T00:00:00Z"), max: new Date("2028-06-01T00:00:00Z"), noInvalidDate: true });

  it("the next calling moment is always open, inside the calling hours, never earlier than the instant, and the first such", () => {
    fc.assert(
      fc.property(anyCalendar, anyTime, (calendar, at) => {
        const next = nextCallingMoment(calendar, at);
        expect(next.getTime()).toBeGreaterThanOrEqual(at.getTime());
        expect(isOpenDay(calendar, seoulDay(next))).toBe(true);
        expect(isCallingTime(calendar, next)).toBe(true);
        const minutes = seoulMinutes(next);
        expect(minutes).toBeGreaterThanOrEqual(8 * 60);
        expect(minutes).toBeLessThan(21 * 60);
        if (next.getTime() > at.getTime()) {
          expect(minutes).toBe(calendar.calling.start); // an opening
          expect(isCallingTime(calendar, new Date(next.getTime() - 60_000))).toBe(false);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("every slot offered is a full hour inside the calling hours of an open day, ahead, within 7 days, and accepted", () => {
    fc.assert(
      fc.property(anyCalendar, anyTime, (calendar, now) => {
        const slots = callSlots(calendar, now);
        for (const slot of slots) {
          expect(slot.getTime() % HOUR).toBe(0);
          expect(isOpenDay(calendar, seoulDay(slot))).toBe(true);
          expect(isCallingTime(calendar, slot)).toBe(true);
          expect(slot.getTime()).toBeGreaterThan(now.getTime());
          expect(slot.getTime()).toBeLessThanOrEqual(now.getTime() + 7 * 24 * HOUR);
          expect(isOfferedSlot(calendar, slot.toISOString(), now)).toEqual(slot);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("calling-hours waits add up and never exceed the wall-clock wait", () => {
    fc.assert(
      fc.property(anyCalendar, anyTime, anyTime, anyTime, (calendar, x, y, z) => {
        const [a, b, c] = [x, y, z].sort((p, q) => p.getTime() - q.getTime()) as [Date, Date, Date];
        const ab = callingMsBetween(calendar, a, b);
        expect(ab).toBeLessThanOrEqual(b.getTime() - a.getTime());
        expect(callingMsBetween(calendar, a, c)).toBe(ab + callingMsBetween(calendar, b, c));
      }),
      { numRuns: 100 },
    );
  });
});
