import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { EMPLOYMENT_KINDS, VISA_TYPES, type LoanProduct } from "#app/features/products/model.ts";
import { checkEligibility, checkProduct, longestTerm, type CheckAnswers } from "#app/features/eligibility/rules.ts";

/**
 * The eligibility rules (issue 27, item 2) at every boundary: the stay left
 * after the loan to the day, an unknown expiry, each rule failing alone with
 * the visitor's own figures, and what would change the answer.
 */
const TODAY = "2026-11-26";

const GENERAL: LoanProduct = {
  key: "regional-bank-general",
  name: "Regional bank general loan",
  amount: { min: 1_000_000, max: 50_000_000 },
  rate: { min: 13, max: 19.9 },
  term: { min: 6, max: 60 },
  methods: ["annuity"],
  rules: {
    visas: ["E-1", "E-2", "E-3", "E-7", "E-9", "F-2", "F-5", "F-6", "F-4"],
    stayAfterMonths: 6,
    employedMonths: 12,
    employedMonthsByVisa: { "E-9": 6, "F-2": 1 },
    minIncome: 20_000_000,
    employment: ["standard"],
    nationalities: [],
  },
  rateDate: "2026-11-01",
  terms: {
    lenderName: "주식회사 샘플A은행",
    officialName: "샘플 신용대출",
    rateKind: "fixed",
    rateBasis: "기준금리 + 가산금리",
    overdueAddBp: 10,
    handlingFeeBp: 0,
    prepayFeeBp: 0,
    prepayMonths: 0,
    stampDuty: "none",
    creditStandard: "심사기준에 따름",
    rateBasisTr: {},
    creditStandardTr: {},
    interestTiming: "monthly",
  },
  approval: { confirmNo: "1", confirmUntil: "2099-12-31", reviewNo: "1", reviewUntil: "2099-12-31" },
};

const STUDENT: LoanProduct = {
  ...GENERAL,
  key: "regional-bank-student",
  name: "Regional bank student loan",
  amount: { min: 1_000_000, max: 10_000_000 },
  term: { min: 6, max: 24 },
  rules: {
    ...GENERAL.rules,
    visas: ["D-2"],
    stayAfterMonths: 3,
    employedMonths: 0,
    employedMonthsByVisa: {},
    minIncome: 0,
    employment: ["standard", "self", "other"],
  },
};

/** Fits the general loan: E-9, 8 months at work, 24 M a year, 10 M over 12 months, visa to 2028-11-26. */
const OK: CheckAnswers = {
  visa: "E-9",
  expiry: "2028-11-26",
  employedMonths: 8,
  employment: "standard",
  income: 24_000_000,
  amount: 10_000_000,
  months: 12,
};

const check = (a: Partial<CheckAnswers>, product = GENERAL) => checkProduct(product, { ...OK, ...a }, TODAY);

describe("stay left after the loan", () => {
  it("fits with exactly 6 months left after the last instalment, not one day short", () => {
    // 12 months of loan + 6 after = 18 months: 2028-05-26.
    expect(check({ expiry: "2028-05-26" }).fits).toBe(true);
    const short = check({ expiry: "2028-05-25" });
    expect(short.fits).toBe(false);
    expect(short.failures).toEqual([{ rule: "stay", monthsLeft: 17, stayAfter: 6, months: 12 }]);
  });

  it("gives the longest term the expiry allows, within the product's range (0 when none)", () => {
    expect(check({ expiry: "2028-05-26" }).maxTerm).toBe(12);
    expect(check({ expiry: "2028-05-25" }).maxTerm).toBe(11);
    expect(check({ expiry: "2040-01-01" }).maxTerm).toBe(60);
    // 11 months left: 5 after the 6 of stay, below the product's 6-month minimum.
    expect(longestTerm(GENERAL, TODAY, "2027-10-26")).toBe(0);
    expect(longestTerm(GENERAL, TODAY, "2027-11-26")).toBe(6);
    // An expiry today or past leaves nothing.
    expect(check({ expiry: TODAY }).failures).toEqual([{ rule: "stay", monthsLeft: 0, stayAfter: 6, months: 12 }]);
  });

  it("with the expiry unknown, does not fail on the stay but says what the expiry must be at least", () => {
    const unknown = check({ expiry: null });
    expect(unknown.fits).toBe(true);
    expect(unknown.maxTerm).toBeNull();
    expect(unknown.expiryAtLeast).toBe("2028-05-26");
    expect(check({ expiry: null, months: 6 }).expiryAtLeast).toBe("2027-11-26");
    expect(check({}).expiryAtLeast).toBeNull();
  });

  it("suggests a shorter term and the expiry the wanted term needs", () => {
    const a = check({ months: 24, expiry: "2028-05-26" });
    expect(a.changes).toEqual([
      { change: "shorterTerm", max: 12 },
      { change: "extendStay", until: "2029-05-26" },
    ]);
  });
});

describe("each rule alone", () => {
  it("visa", () => {
    expect(check({ visa: "D-10" }).failures).toEqual([{ rule: "visa", visa: "D-10", accepted: GENERAL.rules.visas }]);
    expect(check({ visa: "D-10" }).changes).toEqual([]);
  });

  it("months with the employer: the visa's own figure, else the product's; waiting changes it", () => {
    expect(check({ employedMonths: 6 }).fits).toBe(true);
    expect(check({ employedMonths: 5 }).failures).toEqual([{ rule: "employed", have: 5, need: 6 }]);
    expect(check({ employedMonths: 5 }).changes).toEqual([{ change: "wait", months: 1 }]);
    expect(check({ visa: "E-7", employedMonths: 11 }).failures).toEqual([{ rule: "employed", have: 11, need: 12 }]);
    expect(check({ visa: "F-2", employedMonths: 1 }).fits).toBe(true);
  });

  it("income", () => {
    expect(check({ income: 20_000_000 }).fits).toBe(true);
    expect(check({ income: 19_999_999 }).failures).toEqual([{ rule: "income", have: 19_999_999, need: 20_000_000 }]);
  });

  it("kind of employment", () => {
    expect(check({ employment: "self" }).failures).toEqual([{ rule: "employment", have: "self", accepted: ["standard"] }]);
  });

  it("amount and term ranges, bounds included", () => {
    expect(check({ amount: 1_000_000 }).fits).toBe(true);
    expect(check({ amount: 50_000_000 }).fits).toBe(true);
    expect(check({ amount: 999_999 }).failures).toEqual([{ rule: "amount", have: 999_999, min: 1_000_000, max: 50_000_000 }]);
    expect(check({ amount: 50_000_001 }).changes).toEqual([{ change: "amount", min: 1_000_000, max: 50_000_000 }]);
    expect(check({ months: 5 }).failures).toEqual([{ rule: "term", have: 5, min: 6, max: 60 }]);
    expect(check({ months: 61, expiry: "2040-01-01" }).failures).toEqual([{ rule: "term", have: 61, min: 6, max: 60 }]);
  });

  it("lists every failing rule at once", () => {
    const a = check({ visa: "E-7", employedMonths: 0, income: 0, employment: "other", amount: 0, months: 72, expiry: "2027-01-01" });
    expect(a.failures.map((f) => f.rule)).toEqual(["stay", "employed", "income", "employment", "amount", "term"]);
  });
});

describe("every product", () => {
  it("counts the products that fit: a D-2 student fits the student loan only", () => {
    const student: CheckAnswers = { ...OK, visa: "D-2", employedMonths: 0, employment: "other", income: 0, amount: 3_000_000 };
    const result = checkEligibility([GENERAL, STUDENT], student, TODAY);
    expect(result.fits).toBe(1);
    expect(result.total).toBe(2);
    expect(result.answers.map((a) => a.fits)).toEqual([false, true]);
  });
});

const day = fc
  .record({ y: fc.integer({ min: 2020, max: 2040 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, d }) => new Date(Date.UTC(y, m - 1, Math.min(d, new Date(Date.UTC(y, m, 0)).getUTCDate()))).toISOString().slice(0, 10));

const answers: fc.Arbitrary<CheckAnswers> = fc.record({
  visa: fc.constantFrom(...VISA_TYPES),
  expiry: fc.option(day, { nil: null }),
  employedMonths: fc.integer({ min: 0, max: 30 }),
  employment: fc.constantFrom(...EMPLOYMENT_KINDS),
  income: fc.integer({ min: 0, max: 60_000_000 }),
  amount: fc.integer({ min: 0, max: 60_000_000 }),
  months: fc.integer({ min: 1, max: 80 }),
});

describe("properties over open inputs", () => {
  it("fits exactly when no rule fails; a fitting term is within the longest one the expiry allows", () => {
    fc.assert(
      fc.property(answers, day, (a, today) => {
        for (const product of [GENERAL, STUDENT]) {
          const r = checkProduct(product, a, today);
          expect(r.fits).toBe(r.failures.length === 0);
          if (r.fits && r.maxTerm !== null) expect(a.months).toBeLessThanOrEqual(r.maxTerm);
          if (r.maxTerm !== null && r.maxTerm > 0) {
            expect(r.maxTerm).toBeGreaterThanOrEqual(product.term.min);
            expect(r.maxTerm).toBeLessThanOrEqual(product.term.max);
          }
        }
      }),
    );
  });

  it("each suggested change removes the failure it is for", () => {
    fc.assert(
      fc.property(answers, day, (a, today) => {
        const r = checkProduct(GENERAL, a, today);
        const rules = (x: Partial<CheckAnswers>) => checkProduct(GENERAL, { ...a, ...x }, today).failures.map((f) => f.rule);
        for (const c of r.changes) {
          if (c.change === "wait") expect(rules({ employedMonths: a.employedMonths + c.months })).not.toContain("employed");
          if (c.change === "shorterTerm") expect(rules({ months: c.max })).not.toContain("stay");
          if (c.change === "extendStay")
            expect(rules({ expiry: c.until, months: Math.min(Math.max(a.months, GENERAL.term.min), GENERAL.term.max) })).not.toContain(
              "stay",
            );
          if (c.change === "amount") expect(rules({ amount: c.min })).not.toContain("amount");
          if (c.change === "term") expect(rules({ months: c.min, expiry: null })).not.toContain("term");
        }
      }),
    );
  });
});
