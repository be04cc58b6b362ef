import { describe, expect, it } from "vitest";
import { productGaps, type LegalColumns } from "#app/loans/product-gaps.ts";

/** What a product must state before it is published or shown (issue 35), with a fixed clock. */
const NOW = new Date("2026-11-27T03:00:00.000Z");
const COMPLETE: LegalColumns = {
  rate_max_bp: 1990,
  rate_date: "2026-11-01",
  lender_name: "주식회사 샘플A은행",
  official_name: "샘플 신용대출",
  rate_kind: "fixed",
  rate_basis: "기준금리 + 가산금리",
  overdue_add_bp: 10,
  fee_handling_bp: 0,
  fee_prepay_bp: 100,
  prepay_months: 36,
  stamp_duty: "half",
  credit_standard: "개인신용평점 600점 이상",
  interest_timing: "monthly",
  confirm_no: "2026-1",
  confirm_until: "2026-11-27",
  review_no: "2026-2",
  review_until: "2027-01-31",
};

describe("productGaps", () => {
  it("lets a complete, valid product through", () => {
    expect(productGaps(COMPLETE, NOW)).toEqual([]);
  });

  it("names each missing item by its form field", () => {
    const empty = Object.fromEntries(Object.keys(COMPLETE).map((k) => [k, null])) as unknown as LegalColumns;
    expect(productGaps({ ...empty, rate_max_bp: 1990 }, NOW).map((g) => g.field)).toEqual([
      "rate_date",
      "lender_name",
      "official_name",
      "rate_kind",
      "rate_basis",
      "overdue_add",
      "fee_handling",
      "fee_prepay",
      "stamp_duty",
      "credit_standard",
      "interest_timing",
      "confirm_no",
      "confirm_until",
      "review_no",
      "review_until",
    ]);
  });

  it("refuses an overdue rate above 20 % at the highest rate, and a prepayment fee without its months", () => {
    expect(productGaps({ ...COMPLETE, overdue_add_bp: 11 }, NOW)).toEqual([{ field: "overdue_add", problem: "cap" }]);
    expect(productGaps({ ...COMPLETE, prepay_months: 0 }, NOW)).toEqual([{ field: "prepay_months", problem: "missing" }]);
    expect(productGaps({ ...COMPLETE, fee_prepay_bp: 0, prepay_months: 0 }, NOW)).toEqual([]);
  });

  it("refuses an overdue addition above 3 %p even within 20 % in total (연체이자율 규정 제3조①), and names a missing 이자 부과시기", () => {
    const low = { ...COMPLETE, rate_max_bp: 1000 };
    expect(productGaps({ ...low, overdue_add_bp: 300 }, NOW)).toEqual([]);
    expect(productGaps({ ...low, overdue_add_bp: 301 }, NOW)).toEqual([{ field: "overdue_add", problem: "cap" }]);
    expect(productGaps({ ...COMPLETE, interest_timing: "weekly" }, NOW)).toEqual([{ field: "interest_timing", problem: "missing" }]);
  });

  it("refuses once a validity has passed (the day after, in Korea)", () => {
    expect(productGaps(COMPLETE, new Date("2026-11-27T15:00:00.000Z"))).toEqual([{ field: "confirm_until", problem: "expired" }]);
  });
});
