import { describe, expect, it } from "vitest";
import { inLocale, isLive, koreanDate, missingLocales, rateDates, emptyAlt } from "#app/features/campaigns/model.ts";
import { kstToUtc, utcToKst } from "#app/features/campaigns/schema.ts";

describe("campaign rules", () => {
  const row = { enabled: 1, published: 1, active_from: "2026-11-25T15:00:00.000Z", active_until: "2026-11-30T15:00:00.000Z" };
  it("is live on, published and inside its window (the end excluded)", () => {
    expect(isLive(row, new Date("2026-11-25T14:59:59.999Z"))).toBe(false);
    expect(isLive(row, new Date("2026-11-25T15:00:00.000Z"))).toBe(true);
    expect(isLive(row, new Date("2026-11-30T15:00:00.000Z"))).toBe(false);
    expect(isLive({ ...row, active_from: null, active_until: null }, new Date(0))).toBe(true);
    expect(isLive({ ...row, enabled: 0 }, new Date("2026-11-26T00:00:00Z"))).toBe(false);
    expect(isLive({ ...row, published: 0 }, new Date("2026-11-26T00:00:00Z"))).toBe(false);
    expect(isLive({ ...row, published: 0 }, new Date("2026-11-26T00:00:00Z"), true)).toBe(true);
  });
  it("falls back to English and names the missing translations", () => {
    const alts = { en: "Event", vi: " ", id: "Acara", my: "", mn: "Арга хэмжээ" };
    expect(inLocale(alts, "vi", emptyAlt)).toBe("Event");
    expect(inLocale(alts, "id", emptyAlt)).toBe("Acara");
    expect(missingLocales(alts, emptyAlt)).toEqual(["vi", "my"]);
  });
  it("enters times in Korea time", () => {
    expect(kstToUtc("2026-11-26T09:00")).toBe("2026-11-26T00:00:00.000Z");
    expect(kstToUtc("")).toBeNull();
    expect(utcToKst("2026-11-26T00:00:00.000Z")).toBe("2026-11-26T09:00");
  });
  it("writes the rate dates of the Korean disclaimer", () => {
    expect(koreanDate("2026-11-01")).toBe("2026년 11월 1일");
    expect(
      rateDates([
        { rateDate: "2026-11-01", title: "A" },
        { rateDate: "2026-11-01", title: "B" },
      ]),
    ).toBe("2026년 11월 1일");
    expect(
      rateDates([
        { rateDate: "2026-11-01", title: "A" },
        { rateDate: "2026-10-15", title: "B" },
      ]),
    ).toBe("2026년 11월 1일(A), 2026년 10월 15일(B)");
  });
});
