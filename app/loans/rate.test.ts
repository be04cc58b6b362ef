import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LOCALES } from "#app/i18n/locales.ts";
import {
  LEGAL_MAX_RATE_BP,
  LEGAL_MAX_RATE_PERCENT,
  RATE_SYNTAX,
  bpToPercent,
  formatRate,
  parseRate,
  percentToBp,
  rateDecimals,
  rateText,
  withinLegalMax,
} from "#app/loans/rate.ts";

const EVERY_LOCALE = [...LOCALES, "ko"] as const;
const SYNTAXES = Object.values(RATE_SYNTAX);
const rateBp = fc.integer({ min: 0, max: LEGAL_MAX_RATE_BP });

describe("the legal maximum", () => {
  it("is 20 % a year, 20.00 itself allowed", () => {
    expect(LEGAL_MAX_RATE_BP).toBe(2000);
    expect(LEGAL_MAX_RATE_PERCENT).toBe(20);
    expect(withinLegalMax(2000)).toBe(true);
    expect(withinLegalMax(2001)).toBe(false);
  });

  it("refuses anything above it, however it is written", () => {
    fc.assert(
      fc.property(fc.integer({ min: LEGAL_MAX_RATE_BP + 1, max: 9999 }), fc.constantFrom(...EVERY_LOCALE), (bp, locale) => {
        for (const text of [formatRate(locale, bp), rateText(bp), rateText(bp, rateDecimals(bp))]) {
          const read = parseRate(text);
          expect(read === null || !withinLegalMax(read.bp), text).toBe(true);
        }
      }),
    );
  });
});

describe("reading a rate", () => {
  it("reads what the calculator accepts: a point or a comma, an optional %, spaces", () => {
    expect(parseRate("12")).toEqual({ bp: 1200, decimals: 0 });
    expect(parseRate("12.5")).toEqual({ bp: 1250, decimals: 1 });
    expect(parseRate("12,5")).toEqual({ bp: 1250, decimals: 1 });
    expect(parseRate(" 7.05 % ")).toEqual({ bp: 705, decimals: 2 });
    expect(parseRate("0")).toEqual({ bp: 0, decimals: 0 });
    for (const text of ["", "100", "13.555", "1e1", "13.", ".5", "-1", "13%%", "% 13", "13 5"]) expect(parseRate(text), text).toBeNull();
  });

  it("reads a banner's ends as the console always has: a point only, each end's decimals kept", () => {
    const banner = (text: string) => parseRate(text, RATE_SYNTAX.banner);
    expect(banner("13.00")).toEqual({ bp: 1300, decimals: 2 });
    expect(banner(" 19.9 % ")).toEqual({ bp: 1990, decimals: 1 });
    expect(banner("9")).toEqual({ bp: 900, decimals: 0 });
    for (const text of ["", "13,00", "13.001", "100", "-1", "13.", ".5", "1e1", "13%–19%"]) expect(banner(text), text).toBeNull();
  });

  it("reads a product's rate: up to 3 whole digits (the cap refuses them), no % and no comma", () => {
    const product = (text: string) => parseRate(text, RATE_SYNTAX.product);
    expect(product("19.90")).toEqual({ bp: 1990, decimals: 2 });
    expect(product("100")).toEqual({ bp: 10_000, decimals: 0 });
    for (const text of ["13%", "13,5", "1000", "13.001", ""]) expect(product(text), text).toBeNull();
  });

  it("refuses malformed text without throwing", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...SYNTAXES), (text, syntax) => {
        const read = parseRate(text, syntax);
        if (read === null) return;
        expect(Number.isInteger(read.bp) && read.bp >= 0 && read.bp < 100_000).toBe(true);
        expect(text).toMatch(/^\s*\d{1,3}([.,]\d{1,2})?(\s*%)?\s*$/);
      }),
      { numRuns: 2000 },
    );
    const noise = fc.stringMatching(/^[\d.,% \-e+]{0,8}$/);
    fc.assert(fc.property(noise, fc.constantFrom(...SYNTAXES), (text, syntax) => void parseRate(text, syntax)));
  });
});

describe("writing a rate", () => {
  it("writes it in the language's number format, with as few decimals as it needs or as many as were typed", () => {
    expect(formatRate("en", 1350)).toBe("13.5%");
    expect(formatRate("vi", 1350)).toBe("13,5%");
    expect(formatRate("id", 1325)).toBe("13,25%");
    expect(formatRate("mn", 1300)).toBe("13%");
    expect(formatRate("my", 1300, 2)).toBe("13.00%");
    expect(formatRate("ko", 990, 1)).toBe("9.9%");
  });

  it("writes the text of a form field or a query string", () => {
    expect(rateText(1300)).toBe("13.00");
    expect(rateText(1990, 1)).toBe("19.9");
    expect(rateText(900, 0)).toBe("9");
    expect(rateText(5)).toBe("0.05");
  });

  it("converts hundredths of a percent to percent and back", () => {
    fc.assert(fc.property(rateBp, (bp) => percentToBp(bpToPercent(bp)) === bp));
    expect(bpToPercent(1990)).toBe(19.9);
  });
});

describe("round trips", () => {
  it("reads back every rate from 0 to the cap as every language writes it", () => {
    for (const locale of EVERY_LOCALE)
      for (let bp = 0; bp <= LEGAL_MAX_RATE_BP; bp++) {
        expect(parseRate(formatRate(locale, bp))).toEqual({ bp, decimals: rateDecimals(bp) });
        expect(parseRate(formatRate(locale, bp, 2))).toEqual({ bp, decimals: 2 });
      }
  });

  it("reads back a form's text in each form's syntax, the decimals kept", () => {
    fc.assert(
      fc.property(rateBp, fc.integer({ min: 0, max: 2 }), fc.constantFrom(...SYNTAXES), (bp, decimals, syntax) => {
        fc.pre(decimals >= rateDecimals(bp));
        expect(parseRate(rateText(bp, decimals), syntax)).toEqual({ bp, decimals });
      }),
    );
  });

  it("writes in each language what it reads", () => {
    fc.assert(
      fc.property(rateBp, fc.constantFrom(...EVERY_LOCALE), (bp, locale) => {
        const read = parseRate(formatRate(locale, bp))!;
        expect(formatRate(locale, read.bp, read.decimals)).toBe(formatRate(locale, bp));
      }),
    );
  });
});
