import { describe, expect, it } from "vitest";
import { formatDate, formatDay, formatWhen } from "#app/features/request-status/format.ts";

// Issue 37 (review 2026-11-27, B7 and M2): Burmese spells the month out in times (CLDR's short
// "ဒီ" reads as "this"); Mongolian numbers the month, as the rest of the site does.
describe("the status page's dates and times", () => {
  const at = "2026-12-01T05:00:00Z"; // Tuesday 14:00 KST

  it("writes the Burmese month in full, with Western digits", () => {
    expect(formatWhen(at, "my")).toBe("ဒီဇင်ဘာ 1 အင်္ဂါ 14:00");
  });

  it("numbers the Mongolian month in dates, times and slot groups", () => {
    expect(formatDay(at, "mn")).toBe("2026 оны 12-р сарын 1");
    expect(formatWhen(at, "mn")).toMatch(/^12-р сарын 1\. .+ 14:00$/);
    expect(formatDate(at, "mn")).toMatch(/^12-р сарын 1\. /);
    expect(formatDay(at, "mn")).not.toMatch(/хоёрдугаар/);
  });

  it("leaves the other languages as they were", () => {
    expect(formatDay(at, "en")).toBe("December 1, 2026");
    expect(formatWhen(at, "en")).toBe("Tue, Dec 1, 14:00");
  });
});
