import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { earliestExpiryFor, maxTermForStay, monthsUntil, parseIsoDate } from "#app/features/repayment/term-cap.ts";

describe("monthsUntil: whole calendar months, floor", () => {
  it.each([
    ["2026-01-15", "2026-07-15", 6],
    ["2026-01-15", "2026-07-14", 5],
    ["2026-01-15", "2026-07-16", 6],
    ["2026-01-15", "2026-01-15", 0],
    ["2026-01-15", "2026-02-14", 0],
    ["2026-01-15", "2025-12-01", 0],
    ["2026-11-20", "2027-11-20", 12],
    ["2026-11-20", "2027-11-19", 11],
    // A month from the 31st is the last day of a shorter month.
    ["2026-01-31", "2026-02-28", 1],
    ["2026-01-31", "2026-02-27", 0],
    ["2027-12-31", "2028-02-29", 2],
    ["2026-03-31", "2026-04-30", 1],
    ["2026-02-28", "2026-03-28", 1],
    ["2026-02-28", "2026-03-27", 0],
  ])("%s → %s: %i", (today, expiry, months) => {
    expect(monthsUntil(today, expiry)).toBe(months);
  });

  it("refuses what is not a calendar day", () => {
    expect(() => monthsUntil("2026-02-30", "2027-01-01")).toThrow(RangeError);
    expect(() => monthsUntil("2026-01-01", "20270101")).toThrow(RangeError);
    expect(() => parseIsoDate("2026-13-01")).toThrow(RangeError);
  });
});

describe("maxTermForStay: months of stay left after the last instalment", () => {
  it("exactly 6 months left after a 12-month loan fits; one day short, 11 months", () => {
    expect(maxTermForStay("2026-01-15", "2027-07-15", 6)).toBe(12);
    expect(maxTermForStay("2026-01-15", "2027-07-14", 6)).toBe(11);
  });

  it("is 0 when the stay is shorter than the months the lender wants left", () => {
    expect(maxTermForStay("2026-01-15", "2026-07-15", 6)).toBe(0);
    expect(maxTermForStay("2026-01-15", "2026-06-15", 6)).toBe(0);
    expect(maxTermForStay("2026-01-15", "2025-06-15", 6)).toBe(0);
  });

  it("a loan of the longest term leaves at least the months asked for, one month more does not", () => {
    const day = fc
      .record({ y: fc.integer({ min: 2024, max: 2040 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
      .map(({ y, m, d }) => new Date(Date.UTC(y, m - 1, Math.min(d, new Date(Date.UTC(y, m, 0)).getUTCDate()))).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, fc.integer({ min: 0, max: 24 }), (today, expiry, left) => {
        const term = maxTermForStay(today, expiry, left);
        expect(term).toBeGreaterThanOrEqual(0);
        if (term > 0) {
          expect(earliestExpiryFor(today, term, left) <= expiry).toBe(true);
          expect(earliestExpiryFor(today, term + 1, left) > expiry).toBe(true);
        }
      }),
    );
  });
});

describe("earliestExpiryFor", () => {
  it("a 12-month loan with 6 months left after it needs the visa to run 18 months", () => {
    expect(earliestExpiryFor("2026-01-31", 12, 6)).toBe("2027-07-31");
    expect(earliestExpiryFor("2026-08-31", 0, 6)).toBe("2027-02-28");
  });
});
