import { describe, expect, it } from "vitest";
import { formatAlternatives, formatClock, formatDay, formatPercent } from "#app/i18n/intl.ts";
import { LOCALES } from "#app/i18n/locales.ts";

describe("numbers and dates in the visitor's language", () => {
  it("writes a rate with the language's decimal mark and the decimals asked for", () => {
    expect(formatPercent("en", 1300, 2)).toBe("13.00%");
    expect(formatPercent("vi", 1300, 2)).toBe("13,00%");
    expect(formatPercent("id", 1990, 1)).toBe("19,9%");
    expect(formatPercent("my", 1300, 2)).toBe("13.00%");
    expect(formatPercent("mn", 1990, 1)).toBe("19.9%");
    expect(formatPercent("ko", 990, 0)).toBe("10%");
    expect(formatPercent("en", 1, 2)).toBe("0.01%");
  });

  it("writes a day out in each language, with Western digits in Burmese too", () => {
    expect(formatDay("en", "2026-11-01")).toBe("November 1, 2026");
    expect(formatDay("vi", "2026-11-01")).toBe("1 tháng 11, 2026");
    expect(formatDay("id", "2026-11-01")).toBe("1 November 2026");
    expect(formatDay("my", "2026-11-01")).toBe("2026 နိုဝင်ဘာ 1");
    expect(formatDay("mn", "2026-11-01")).toBe("2026 оны 11-р сарын 1");
    for (const locale of LOCALES) {
      expect(formatDay(locale, "2026-03-15")).toMatch(/2026/);
      expect(formatDay(locale, "2026-03-15") + formatPercent(locale, 1990, 1)).not.toMatch(/(?![0-9])\p{Nd}/u);
    }
  });
});

describe("lists and clock times in the visitor's language (issue 50)", () => {
  it("joins alternatives with the language's own word, never a bare comma", () => {
    expect(formatAlternatives("en", ["a, b", "c"])).toBe("a, b or c");
    expect(formatAlternatives("vi", ["A", "B"])).toBe("A hoặc B");
    expect(formatAlternatives("id", ["A", "B"])).toBe("A atau B");
    expect(formatAlternatives("my", ["A", "B"])).toBe("A သို့မဟုတ် B");
    expect(formatAlternatives("my", ["A", "B", "C"])).toBe("A၊ B သို့မဟုတ် C");
    expect(formatAlternatives("mn", ["A", "B"])).toBe("A эсвэл B");
    expect(formatAlternatives("mn", ["A", "B", "C"])).toBe("A, B эсвэл C");
    expect(formatAlternatives("en", ["A"])).toBe("A");
  });

  it("writes a clock time as the language does, 24-hour, Western digits", () => {
    expect(formatClock("en", 9 * 60)).toBe("09:00");
    expect(formatClock("id", 9 * 60)).toBe("09.00");
    expect(formatClock("id", 18 * 60 + 30)).toBe("18.30");
    expect(formatClock("my", 14 * 60)).toBe("14:00");
    expect(formatClock("mn", 21 * 60)).toBe("21:00");
    expect(formatClock("en", 24 * 60)).toBe("24:00");
  });
});
