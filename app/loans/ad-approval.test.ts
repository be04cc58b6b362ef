import { describe, expect, it } from "vitest";
import { approvalGaps, approvedAt, endOfValidity, expiringSoon, validAt } from "#app/loans/ad-approval.ts";

/**
 * The approvals' validity (issue 35) with fixed clocks: valid through the
 * whole last day in Korea (UTC+9), gone at the next midnight there, and
 * warned about from 14 days before.
 */
const FULL = { confirm_no: "2026-123", confirm_until: "2026-12-31", review_no: "2026-045", review_until: "2026-12-15" };
/** 2026-12-15 23:59:59 in Seoul, and the next second. */
const LAST_SECOND = new Date("2026-12-15T14:59:59.000Z");
const NEXT_DAY = new Date("2026-12-15T15:00:00.000Z");

describe("ad approvals", () => {
  it("are valid through the last day in Korea and not a second later", () => {
    expect(validAt("2026-12-15", LAST_SECOND)).toBe(true);
    expect(validAt("2026-12-15", NEXT_DAY)).toBe(false);
    expect(endOfValidity("2026-12-15").toISOString()).toBe(NEXT_DAY.toISOString());
    expect(approvedAt(FULL, LAST_SECOND)).toBe(true);
    expect(approvalGaps(FULL, NEXT_DAY)).toEqual([{ field: "review_until", problem: "expired" }]);
  });

  it("name every field that is missing or not a day", () => {
    expect(approvalGaps({}, LAST_SECOND).map((g) => `${g.field}:${g.problem}`)).toEqual([
      "confirm_no:missing",
      "confirm_until:missing",
      "review_no:missing",
      "review_until:missing",
    ]);
    expect(approvalGaps({ ...FULL, confirm_no: "  ", confirm_until: "2026-02-30" }, LAST_SECOND)).toEqual([
      { field: "confirm_no", problem: "missing" },
      { field: "confirm_until", problem: "date" },
    ]);
  });

  it("warn 14 days ahead, counting days in Korea", () => {
    // 2026-12-01 08:59 UTC is 17:59 in Seoul: the review (12-15) has 14 days left, the confirmation (12-31) 30.
    const now = new Date("2026-12-01T08:59:00.000Z");
    expect(expiringSoon(FULL, now)).toEqual([{ which: "review", until: "2026-12-15", daysLeft: 14 }]);
    // 2026-11-30 15:00 UTC is already 12-01 in Seoul; 14:59 UTC is still 11-30: 15 days, no warning.
    expect(expiringSoon(FULL, new Date("2026-11-30T14:59:00.000Z"))).toEqual([]);
    expect(expiringSoon(FULL, LAST_SECOND)).toEqual([{ which: "review", until: "2026-12-15", daysLeft: 0 }]);
    // Run out: no longer "expiring" (the ad is off the site).
    expect(expiringSoon(FULL, NEXT_DAY)).toEqual([]);
  });
});
