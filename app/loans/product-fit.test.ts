import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fitsProduct, productFit } from "#app/loans/product-fit.ts";

const general = productFit({
  rate: { min: 13, max: 19.9 },
  methods: ["annuity", "principal"],
  term: { min: 6, max: 60 },
  amount: { min: 1_000_000, max: 50_000_000 },
});
const ok = { amount: 5_000_000, ratePercent: 15, months: 24, method: "annuity" };

describe("fitsProduct (review N2)", () => {
  it("fits the product's own figures, ends included", () => {
    expect(fitsProduct(general, ok)).toBe(true);
    expect(fitsProduct(general, { ...ok, ratePercent: 13, months: 6, amount: 1_000_000 })).toBe(true);
    expect(fitsProduct(general, { ...ok, ratePercent: 19.9, months: 60, amount: 50_000_000, method: "principal" })).toBe(true);
  });
  it("refuses the review's link: 5 % interest-only for 12 months", () => {
    expect(fitsProduct(general, { amount: 5_000_000, ratePercent: 5, months: 12, method: "bullet" })).toBe(false);
  });
  it("refuses each figure outside the product", () => {
    expect(fitsProduct(general, { ...ok, ratePercent: 12.99 })).toBe(false);
    expect(fitsProduct(general, { ...ok, ratePercent: 19.91 })).toBe(false);
    expect(fitsProduct(general, { ...ok, method: "bullet" })).toBe(false);
    expect(fitsProduct(general, { ...ok, months: 5 })).toBe(false);
    expect(fitsProduct(general, { ...ok, months: 61 })).toBe(false);
    expect(fitsProduct(general, { ...ok, amount: 999_999 })).toBe(false);
    expect(fitsProduct(general, { ...ok, amount: 50_000_001 })).toBe(false);
  });
  it("any rate outside the range never fits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (bp) => {
        const fits = fitsProduct(general, { ...ok, ratePercent: bp / 100 });
        expect(fits).toBe(bp >= 1300 && bp <= 1990);
      }),
    );
  });
});
