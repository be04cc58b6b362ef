import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { allowsLender, fitsRule, lenderRule } from "#app/loans/registration-rule.ts";

describe("the lenders a broker may sell for at once (감독규정 제22조제1호)", () => {
  it("one lender without a 대부중개업 registration, several with one", () => {
    expect(lenderRule(false)).toBe("one_lender");
    expect(lenderRule(true)).toBe("several_lenders");
  });

  it("under one lender, a product of the lender already live or of the first lender is allowed; a second lender is not", () => {
    expect(allowsLender("one_lender", [], 7)).toBe(true);
    expect(allowsLender("one_lender", [7, 7], 7)).toBe(true);
    expect(allowsLender("one_lender", [7], 8)).toBe(false);
    // A lender already live adds none, even on a site that does not fit yet (a fresh install's samples).
    expect(allowsLender("one_lender", [7, 8], 7)).toBe(true);
    expect(allowsLender("one_lender", [7, 8], 9)).toBe(false);
    expect(fitsRule("one_lender", [7, 7])).toBe(true);
    expect(fitsRule("one_lender", [7, 8])).toBe(false);
  });

  it("with a 대부중개업 registration anything goes, and a change never makes a fitting site unfit (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 6 }), fc.integer({ min: 1, max: 5 }), (live, lender) => {
        expect(allowsLender("several_lenders", live, lender)).toBe(true);
        if (fitsRule("one_lender", live) && allowsLender("one_lender", live, lender))
          expect(fitsRule("one_lender", [...live, lender])).toBe(true);
      }),
    );
  });
});
