import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { averageRating, figureConflicts, wonUnit, type FigureValues } from "#app/features/home-claims/model.ts";
import { figuresSchema, reviewSchema } from "#app/features/home-claims/schema.ts";
import { validate } from "#app/lib/schema.ts";

const SPEC_SAMPLE: FigureValues = { requests: 100_000, approved: 50_000, approval_rate: 850, disbursed: 5_200_000_000 };
const MIN = 1_000_000;

describe("the four figures must agree (issue 35, item 4)", () => {
  it("refuses the spec's sample: 50,000 approvals at 1,000,000 KRW need 50 billion won, not 5.2", () => {
    expect(figureConflicts(SPEC_SAMPLE, MIN)).toEqual({ disbursed: "disbursedTooSmall" });
    expect(figureConflicts({ ...SPEC_SAMPLE, disbursed: 50_000_000_000 }, MIN)).toEqual({});
    expect(figureConflicts({ ...SPEC_SAMPLE, disbursed: 49_999_999_999 }, MIN)).toEqual({ disbursed: "disbursedTooSmall" });
  });

  it("without a live product the disbursed total is not checked", () => {
    expect(figureConflicts(SPEC_SAMPLE, null)).toEqual({});
  });

  it("refuses more approvals than requests, a rate without approvals and approvals without a rate", () => {
    expect(figureConflicts({ requests: 10, approved: 11, approval_rate: 1000, disbursed: 11 * MIN }, MIN)).toMatchObject({
      approved: "approvedOverRequests",
    });
    expect(figureConflicts({ requests: 10, approved: 0, approval_rate: 500, disbursed: 0 }, MIN)).toEqual({
      approval_rate: "rateWithoutApprovals",
    });
    expect(figureConflicts({ requests: 10, approved: 5, approval_rate: 0, disbursed: 5 * MIN }, MIN)).toEqual({
      approval_rate: "approvalsWithoutRate",
    });
  });

  it("refuses a rate that needs more applications than requests, allowing the rate's rounding", () => {
    // 50 approvals at 10.0 % (at most 10.05 %) need at least 498 applications: 490 requests cannot hold them.
    expect(figureConflicts({ requests: 490, approved: 50, approval_rate: 100, disbursed: 50 * MIN }, MIN)).toEqual({
      approval_rate: "rateOverRequests",
    });
    // 2 of 3 is 66.67 %, shown as 66.7: exact enough.
    expect(figureConflicts({ requests: 3, approved: 2, approval_rate: 667, disbursed: 2 * MIN }, MIN)).toEqual({});
    // 1 of 3 is 33.33 %, shown as 33.3 (rounded down): still fine.
    expect(figureConflicts({ requests: 3, approved: 1, approval_rate: 333, disbursed: MIN }, MIN)).toEqual({});
  });

  const counts = fc.integer({ min: 0, max: 1_000_000 });
  const amount = fc.integer({ min: 1, max: 50_000_000 });

  it("accepts every set made from real records: approvals out of requests, the rate rounded, loans of at least the smallest amount", () => {
    fc.assert(
      fc.property(
        counts,
        fc.double({ min: 0, max: 1, noNaN: true }),
        amount,
        fc.integer({ min: 0, max: 10 * MIN }),
        (requests, share, min, extra) => {
          const approved = Math.floor(requests * share);
          const applications = approved === 0 ? 0 : approved + Math.floor((requests - approved) * share);
          const rate = applications === 0 ? 0 : Math.round((approved / applications) * 1000);
          const disbursed = approved * min + extra;
          expect(figureConflicts({ requests, approved, approval_rate: approved ? Math.max(rate, 1) : 0, disbursed }, min)).toEqual({});
        },
      ),
    );
  });

  it("refuses every total below approvals × the smallest amount, and accepts it from there", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), amount, fc.integer({ min: 1, max: 1_000_000 }), (approved, min, short) => {
        const base = { requests: approved, approved, approval_rate: 1000 };
        const needed = approved * min;
        expect(figureConflicts({ ...base, disbursed: Math.max(0, needed - short) }, min).disbursed).toBe("disbursedTooSmall");
        expect(figureConflicts({ ...base, disbursed: needed }, min).disbursed).toBeUndefined();
      }),
    );
  });

  it("never refuses fewer approvals once the set was accepted (lowering approvals cannot create a conflict on disbursed)", () => {
    fc.assert(
      fc.property(counts, counts, amount, fc.integer({ min: 0, max: 1_000_000 }), (a, b, min, cut) => {
        const requests = Math.max(a, b);
        const approved = Math.min(a, b);
        const disbursed = approved * min;
        expect(
          figureConflicts({ requests, approved: Math.max(0, approved - cut), approval_rate: 1, disbursed }, min).disbursed,
        ).toBeUndefined();
      }),
    );
  });
});

describe("the form's schema carries the rule beside the field", () => {
  const form = (values: Partial<Record<string, string>>) => ({
    requests_value: "100,000",
    requests_as_of: "2026-11-01",
    requests_source_en: "Our consultation records",
    approved_value: "50000",
    approved_as_of: "2026-11-01",
    approved_source_en: "Partner lenders' approval notices",
    approval_rate_value: "85",
    approval_rate_as_of: "2026-11-01",
    approval_rate_source_en: "Approvals ÷ applications sent to lenders",
    disbursed_value: "5200000000",
    disbursed_as_of: "2026-11-01",
    disbursed_source_en: "Lenders' disbursement statements",
    ...values,
  });
  const today = "2026-11-27";

  it("puts the disbursed message beside the total and reads 50,000 as a number", () => {
    const checked = validate(figuresSchema(today, MIN), form({}), { crossField: true });
    expect(checked).toEqual({ success: false, errors: { disbursed_value: "claims.error.disbursedTooSmall" } });
    const ok = validate(figuresSchema(today, MIN), form({ disbursed_value: "50,000,000,000" }), { crossField: true });
    expect(ok.success).toBe(true);
  });

  it("refuses a future day, a missing English source, a rate above 100 and a rate with two decimals", () => {
    const checked = validate(
      figuresSchema(today, MIN),
      form({ requests_as_of: "2026-11-28", approved_source_en: " ", approval_rate_value: "85.55", disbursed_value: "x" }),
      { crossField: true },
    );
    expect(checked).toEqual({
      success: false,
      errors: {
        requests_as_of: "claims.error.future",
        approved_source_en: "claims.error.required",
        approval_rate_value: "claims.error.percent",
        disbursed_value: "claims.error.whole",
      },
    });
    expect(validate(figuresSchema(today, MIN), form({ approval_rate_value: "100.1" })).success).toBe(false);
  });
});

describe("a review", () => {
  const review = (values: Record<string, string>) => ({
    name: "Siti N*** R",
    country: "id",
    rating: "5",
    original_lang: "id",
    quote: "Terima kasih banyak!",
    incentive: "no",
    ...values,
  });
  it("is confirmed only with the customer's consent date; the name must be masked", () => {
    expect(validate(reviewSchema("2026-11-27"), review({ confirm: "on" }), { crossField: true })).toEqual({
      success: false,
      errors: { consent_date: "claims.error.consentNeeded" },
    });
    expect(validate(reviewSchema("2026-11-27"), review({ confirm: "on", consent_date: "2026-10-02" })).success).toBe(true);
    expect(validate(reviewSchema("2026-11-27"), review({ name: "Siti Nurhaliza" }))).toEqual({
      success: false,
      errors: { name: "claims.error.masked" },
    });
  });
  it("refuses a rating outside 1–5, an unknown flag or language, and an incentive answer that is neither yes nor no", () => {
    const checked = validate(reviewSchema("2026-11-27"), review({ rating: "6", country: "xx", original_lang: "ko", incentive: "" }), {
      crossField: true,
    });
    expect(checked).toEqual({
      success: false,
      errors: {
        rating: "claims.error.rating",
        country: "claims.error.choose",
        original_lang: "claims.error.choose",
        incentive: "claims.error.choose",
      },
    });
  });
});

describe("what the page shows", () => {
  it("the overall rating is the mean of the reviews, never rounded up", () => {
    expect(averageRating([5, 5, 5])).toBe(5);
    expect(averageRating([5, 5, 4])).toBe(4.6);
    expect(averageRating(Array.from({ length: 24 }, () => 5).concat([4]))).toBe(4.9);
    expect(averageRating([])).toBeNull();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 200 }), (ratings) => {
        const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length;
        const shown = averageRating(ratings)!;
        expect(shown).toBeLessThanOrEqual(mean + 1e-9);
        expect(mean - shown).toBeLessThan(0.1);
      }),
    );
  });
  it("the disbursed total in billions or millions of won, never rounded up", () => {
    expect(wonUnit(5_200_000_000)).toEqual({ amount: 5.2, unit: "billionWon" });
    expect(wonUnit(5_197_500_000)).toEqual({ amount: 5.1, unit: "billionWon" });
    expect(wonUnit(999_999_999)).toEqual({ amount: 999.9, unit: "millionWon" });
  });
});
