import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { productRanges, rangeVars, withFigures } from "#app/loans/ranges.ts";

const product = (amount: [number, number], rate: [number, number], term: [number, number]) => ({
  amount: { min: amount[0], max: amount[1] },
  rate: { min: rate[0], max: rate[1] },
  term: { min: term[0], max: term[1] },
});

describe("the figures prose states, from the live products (issue 47, item 2)", () => {
  it("are nothing when nothing is live", () => {
    expect(productRanges([])).toBeNull();
  });

  it("span every live product", () => {
    const ranges = productRanges([
      product([1_000_000, 10_000_000], [9.9, 15.9], [12, 36]),
      product([3_000_000, 20_000_000], [8.5, 12], [6, 24]),
    ]);
    expect(ranges).toEqual({ amount: { min: 1_000_000, max: 20_000_000 }, rateBp: { min: 850, max: 1590 }, term: { min: 6, max: 36 } });
  });

  it("hold each product's own figures inside them (property)", () => {
    const spanArb = fc
      .tuple(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 100_000_000 }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]);
    const rateArb = fc
      .tuple(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 }))
      .map(([a, b]) => [Math.min(a, b) / 100, Math.max(a, b) / 100] as [number, number]);
    fc.assert(
      fc.property(fc.array(fc.tuple(spanArb, rateArb, spanArb), { minLength: 1, maxLength: 6 }), (rows) => {
        const products = rows.map(([a, r, t]) => product(a, r, t));
        const ranges = productRanges(products)!;
        for (const p of products) {
          expect(ranges.amount.min).toBeLessThanOrEqual(p.amount.min);
          expect(ranges.amount.max).toBeGreaterThanOrEqual(p.amount.max);
          expect(ranges.rateBp.min).toBeLessThanOrEqual(Math.round(p.rate.min * 100));
          expect(ranges.rateBp.max).toBeGreaterThanOrEqual(Math.round(p.rate.max * 100));
          expect(ranges.term.min).toBeLessThanOrEqual(p.term.min);
          expect(ranges.term.max).toBeGreaterThanOrEqual(p.term.max);
        }
      }),
    );
  });

  it("are written in the language's own number format", () => {
    const ranges = productRanges([product([1_000_000, 10_000_000], [9.9, 15.9], [12, 36])])!;
    expect(rangeVars("en", ranges)).toEqual({
      amountMin: "1,000,000",
      amountMax: "10,000,000",
      rateMin: "9.9%",
      rateMax: "15.9%",
      termMin: "12",
      termMax: "36",
    });
    expect(rangeVars("vi", ranges).amountMax).toBe("10.000.000");
    expect(rangeVars("vi", ranges).rateMin).toBe("9,9%");
  });
});

describe("withFigures: a text's sentence of figures, filled or gone", () => {
  const vars = rangeVars("vi", productRanges([product([1_000_000, 10_000_000], [9.9, 15.9], [12, 36])])!);
  const sentence = "Lãi suất từ {rateMin} đến {rateMax} mỗi năm.";

  it("puts the filled sentence where the mark is", () => {
    expect(withFigures("{figures} Lãi suất của bạn ghi trong hợp đồng.", sentence, vars)).toBe(
      "Lãi suất từ 9,9% đến 15,9% mỗi năm. Lãi suất của bạn ghi trong hợp đồng.",
    );
  });

  it("drops the mark with the space beside it when nothing is live", () => {
    expect(withFigures("{figures} Then the rest.", sentence, null)).toBe("Then the rest.");
    expect(withFigures("First. {figures} Then the rest.", sentence, null)).toBe("First. Then the rest.");
    expect(withFigures("First. {figures}", sentence, null)).toBe("First.");
    expect(withFigures("First.\n{figures} Then.", sentence, null)).toBe("First.\nThen.");
  });

  it("leaves a text without a mark as it is", () => {
    expect(withFigures("No figures here.", undefined, vars)).toBe("No figures here.");
    expect(withFigures("No figures here.", undefined, null)).toBe("No figures here.");
  });
});
