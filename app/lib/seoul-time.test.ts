import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  SEOUL_TIME_ZONE,
  addDays,
  daysBetween,
  formatSeoul,
  fromSeoulLocal,
  isIsoDay,
  kstToUtc,
  seoulDay,
  seoulDayNumber,
  seoulDayStart,
  seoulMidnight,
  seoulMinutes,
  seoulRange,
  seoulWall,
  todayInSeoul,
  utcToKst,
} from "#app/lib/seoul-time.ts";

describe("operator times in Asia/Seoul", () => {
  it("shows a UTC instant as Seoul wall time (UTC+9)", () => {
    expect(formatSeoul("2026-11-22T04:50:00.000Z")).toBe("2026-11-22 13:50");
    expect(formatSeoul("2026-12-31T15:00:00.000Z")).toBe("2027-01-01 00:00");
    expect(formatSeoul("not a date")).toBe("");
  });

  it("puts 14:59:59.999Z on one Seoul day and 15:00Z on the next", () => {
    expect(seoulDay("2026-11-21T14:59:59.999Z")).toBe("2026-11-21");
    expect(seoulDay("2026-11-21T15:00:00.000Z")).toBe("2026-11-22");
  });

  it("starts a Seoul day at 15:00 UTC of the day before", () => {
    expect(seoulDayStart("2026-11-22").toISOString()).toBe("2026-11-21T15:00:00.000Z");
    expect(seoulDayStart("2027-01-01").toISOString()).toBe("2026-12-31T15:00:00.000Z");
  });

  it("makes a half-open UTC range that includes both Seoul end days", () => {
    expect(seoulRange("2026-11-01", "2026-11-30")).toEqual({ start: "2026-10-31T15:00:00.000Z", end: "2026-11-30T15:00:00.000Z" });
    expect(seoulRange(undefined, undefined)).toEqual({ start: undefined, end: undefined });
  });

  it("reads only real calendar days", () => {
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2026-1-01")).toBe(false);
    expect(isIsoDay("2026-11-22T00:00")).toBe(false);
    expect(isIsoDay(20261122)).toBe(false);
  });

  it("refuses days outside the years a filter may name, so a range from them never throws", () => {
    expect(isIsoDay("9999-12-31")).toBe(false);
    expect(isIsoDay("3000-01-01")).toBe(false);
    expect(isIsoDay("0000-01-01")).toBe(false);
    expect(isIsoDay("1999-12-31")).toBe(false);
    expect(isIsoDay("2999-12-31")).toBe(true);
    expect(isIsoDay("2000-01-01")).toBe(true);
    expect(seoulRange("2000-01-01", "2999-12-31")).toEqual({ start: "1999-12-31T15:00:00.000Z", end: "2999-12-31T15:00:00.000Z" });
  });

  it("counts days across months and years, newest first", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-12-30", "2027-01-02")).toEqual(["2027-01-02", "2027-01-01", "2026-12-31", "2026-12-30"]);
    expect(daysBetween("2026-12-30", "2026-12-29")).toEqual([]);
  });
});

describe("Korea time in one module", () => {
  const MINUTE = 60_000;
  const DAY = 86_400_000;
  /** Any instant since Korea last changed its clocks (1988), and well past today. */
  const anyTime = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true });
  const intl = new Intl.DateTimeFormat("en-CA", {
    timeZone: SEOUL_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const byIntl = (at: Date) => intl.format(at).replace(", ", " ");

  it("is today's date in Seoul: 15:00 UTC is already the next day", () => {
    expect(todayInSeoul(new Date("2026-11-26T14:59:59Z"))).toBe("2026-11-26");
    expect(todayInSeoul(new Date("2026-11-26T15:00:00Z"))).toBe("2026-11-27");
  });

  it("reads the wall clock, day and minutes as the Asia/Seoul time zone does", () => {
    fc.assert(
      fc.property(anyTime, (at) => {
        expect(formatSeoul(at)).toBe(byIntl(at));
        expect(seoulDay(at)).toBe(byIntl(at).slice(0, 10));
        expect(seoulDayStart(seoulDay(at)).getTime()).toBe(seoulMidnight(at));
        const [hour, minute] = byIntl(at).slice(11).split(":").map(Number) as [number, number];
        expect(seoulMinutes(at)).toBe(hour * 60 + minute);
        expect(seoulWall(at).getUTCHours()).toBe(hour);
      }),
      { numRuns: 1000 },
    );
  });

  it("counts Seoul days and their midnights as the hand-written +9 h did", () => {
    fc.assert(
      fc.property(anyTime, (at) => {
        const local = at.getTime() + 9 * 3_600_000;
        expect(seoulDayNumber(at)).toBe(Math.floor(local / DAY));
        expect(seoulMidnight(at)).toBe(local - (((local % DAY) + DAY) % DAY) - 9 * 3_600_000);
        expect(seoulMinutes(at.getTime())).toBe(Math.floor((((local % DAY) + DAY) % DAY) / MINUTE));
      }),
      { numRuns: 1000 },
    );
  });

  it("enters a campaign's times in Korea time and shows them back", () => {
    expect(kstToUtc("2026-11-26T09:00")).toBe("2026-11-26T00:00:00.000Z");
    expect(kstToUtc("")).toBeNull();
    expect(kstToUtc("soon")).toBeNull();
    expect(utcToKst("2026-11-26T00:00:00.000Z")).toBe("2026-11-26T09:00");
    expect(utcToKst(null)).toBe("");
    fc.assert(
      fc.property(anyTime, (at) => {
        const minute = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE).toISOString();
        expect(kstToUtc(utcToKst(minute))).toBe(minute);
        expect(fromSeoulLocal(utcToKst(minute))?.toISOString()).toBe(minute);
      }),
    );
  });

  it("reads a call-back's Seoul wall-clock time, and refuses times that do not exist", () => {
    expect(fromSeoulLocal("2026-11-26T22:00")?.toISOString()).toBe("2026-11-26T13:00:00.000Z");
    expect(fromSeoulLocal("2026-01-01T03:00")?.toISOString()).toBe("2025-12-31T18:00:00.000Z");
    for (const bad of ["2026-02-30T10:00", "2026-11-26 22:00", "2026-11-26T24:00", "2026-11-26T10:60", "tomorrow", ""])
      expect(fromSeoulLocal(bad), bad).toBeNull();
  });
});
