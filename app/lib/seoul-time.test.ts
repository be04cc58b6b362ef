import { describe, expect, it } from "vitest";
import { addDays, daysBetween, formatSeoul, isIsoDay, seoulDay, seoulDayStart, seoulRange } from "#app/lib/seoul-time.ts";

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
