import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  annuityPayment,
  rateBasisPoints,
  repaymentSchedule,
  type RepaymentMethod,
  type Schedule,
  type ScheduleInput,
} from "#app/features/repayment/schedule.ts";

/** Schedules computed outside the code under test, by scripts/fixtures/repayment-fixtures.py (see fixtures/README.md). */
const FIXTURES_DIR = join(import.meta.dirname, "fixtures");
const fixtures = readdirSync(FIXTURES_DIR)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({
    name,
    ...(JSON.parse(readFileSync(join(FIXTURES_DIR, name), "utf8")) as { input: ScheduleInput; expected: Schedule }),
  }));

describe("repaymentSchedule against the independently computed fixtures", () => {
  it("has the issue's required cases for all three methods", () => {
    const names = fixtures.map((f) => f.name);
    for (const method of ["annuity", "principal", "bullet"]) {
      expect(names).toContain(`1000000-13_5pct-1m-${method}.json`);
      expect(names).toContain(`50000000-13_5pct-60m-${method}.json`);
    }
  });

  it.each(fixtures.map((f) => [f.name, f] as const))("%s", (_name, { input, expected }) => {
    expect(repaymentSchedule(input)).toEqual(expected);
  });
});

describe("repaymentSchedule: hand-checked figures", () => {
  it("1,000,000 KRW at 13.5 % for one month: 11,250 KRW of interest, whatever the method", () => {
    for (const method of ["annuity", "principal", "bullet"] as const) {
      const s = repaymentSchedule({ amount: 1_000_000, annualRatePercent: 13.5, months: 1, method });
      expect(s.rows).toEqual([{ month: 1, payment: 1_011_250, principal: 1_000_000, interest: 11_250, balance: 0 }]);
      expect(s).toMatchObject({ firstPayment: 1_011_250, lastPayment: 1_011_250, totalInterest: 11_250, totalRepaid: 1_011_250 });
    }
  });

  it("rounds interest down: 1,000,001 KRW at 13.5 % is 11,250.01… → 11,250 KRW", () => {
    expect(repaymentSchedule({ amount: 1_000_001, annualRatePercent: 13.5, months: 1, method: "bullet" }).totalInterest).toBe(11_250);
  });

  it("rounds the equal payment up: 50,000,000 KRW / 60 months / 13.5 % is 1,150,492.30… → 1,150,493 KRW", () => {
    expect(annuityPayment(50_000_000, 1350, 60)).toBe(1_150_493);
  });

  it("at 0 % an equal payment is the amount ÷ months rounded up, the last taking the remainder", () => {
    const s = repaymentSchedule({ amount: 1_000_000, annualRatePercent: 0, months: 3, method: "annuity" });
    expect(s.rows.map((r) => r.payment)).toEqual([333_334, 333_334, 333_332]);
  });

  it("equal principal repays amount ÷ months rounded down, the last month the remainder", () => {
    const s = repaymentSchedule({ amount: 1_000_000, annualRatePercent: 12, months: 3, method: "principal" });
    expect(s.rows.map((r) => r.principal)).toEqual([333_333, 333_333, 333_334]);
    expect(s.rows.map((r) => r.interest)).toEqual([10_000, 6_666, 3_333]);
  });

  it("a tiny amount over a long term paid off early by the rounding: that month pays what is left, the next ones 0", () => {
    const s = repaymentSchedule({ amount: 100, annualRatePercent: 12, months: 12, method: "annuity" });
    expect(s.rows.at(-1)?.balance).toBe(0);
    expect(s.rows.every((r) => r.payment >= 0 && r.principal >= 0)).toBe(true);
    expect(s.rows.reduce((sum, r) => sum + r.principal, 0)).toBe(100);
  });
});

describe("repaymentSchedule refuses what is not a loan (a caller's bug: the page's schema catches a visitor's)", () => {
  it.each<[string, Partial<ScheduleInput>]>([
    ["a fractional amount", { amount: 1000.5 }],
    ["a zero amount", { amount: 0 }],
    ["zero months", { months: 0 }],
    ["fractional months", { months: 1.5 }],
    ["more than 2 decimals of rate", { annualRatePercent: 13.555 }],
    ["a negative rate", { annualRatePercent: -1 }],
    ["an unknown method", { method: "balloon" as RepaymentMethod }],
  ])("%s", (_label, change) => {
    expect(() => repaymentSchedule({ amount: 1_000_000, annualRatePercent: 13, months: 12, method: "annuity", ...change })).toThrow(
      RangeError,
    );
  });

  it("reads a rate with binary-fraction noise as its 2 decimals (0.1 + 0.2 = 0.30000000000000004 → 30)", () => {
    expect(rateBasisPoints(0.1 + 0.2)).toBe(30);
    expect(rateBasisPoints(19.9)).toBe(1990);
  });
});

const method = fc.constantFrom<RepaymentMethod>("annuity", "principal", "bullet");
/** Any loan the arithmetic accepts, rates to the legal maximum (20 %), in hundredths of a percent. */
const anyLoan = fc.record({
  amount: fc.integer({ min: 1, max: 10_000_000_000 }),
  annualRatePercent: fc.integer({ min: 0, max: 2000 }).map((bp) => bp / 100),
  months: fc.integer({ min: 1, max: 360 }),
  method,
});

describe("repaymentSchedule: properties of every schedule", { timeout: 60_000 }, () => {
  it("the balance ends at exactly 0, principal sums to the amount, totals agree, nothing is negative", () => {
    fc.assert(
      fc.property(anyLoan, (input) => {
        const s = repaymentSchedule(input);
        expect(s.rows).toHaveLength(input.months);
        expect(s.rows.at(-1)?.balance).toBe(0);
        expect(s.rows.reduce((sum, r) => sum + r.principal, 0)).toBe(input.amount);
        expect(s.rows.reduce((sum, r) => sum + r.interest, 0)).toBe(s.totalInterest);
        expect(s.rows.reduce((sum, r) => sum + r.payment, 0)).toBe(s.totalRepaid);
        expect(s.totalRepaid).toBe(input.amount + s.totalInterest);
        expect(s.firstPayment).toBe(s.rows[0]?.payment);
        expect(s.lastPayment).toBe(s.rows.at(-1)?.payment);
        // Row by row, plain comparisons (one expect per row is slow over 100 schedules of up to 360 rows).
        const bp = Math.round(input.annualRatePercent * 100);
        let balance = input.amount;
        const wrong = s.rows.filter((r, i) => {
          // The month's interest is the previous balance × rate ÷ 12, rounded down.
          const ok =
            r.month === i + 1 &&
            r.payment === r.principal + r.interest &&
            Math.min(r.payment, r.principal, r.interest, r.balance) >= 0 &&
            r.interest === Math.floor((balance * bp) / 120_000) &&
            r.balance === balance - r.principal;
          balance -= r.principal;
          return !ok;
        });
        expect(wrong).toEqual([]);
      }),
    );
  });

  it("equal payments are equal but the last, which is never more (from 3,000,000 KRW, where rounding cannot pay a loan off early)", () => {
    // The balance drifts below the exact schedule's by less than 2 KRW a month, compounded:
    // at 20 % over 360 months under 46,000 KRW, less than one payment of 3,000,000 KRW.
    fc.assert(
      fc.property(
        fc.record({
          amount: fc.integer({ min: 3_000_000, max: 10_000_000_000 }),
          annualRatePercent: fc.integer({ min: 0, max: 2000 }).map((bp) => bp / 100),
          months: fc.integer({ min: 1, max: 360 }),
        }),
        (loan) => {
          const s = repaymentSchedule({ ...loan, method: "annuity" });
          const regular = annuityPayment(loan.amount, Math.round(loan.annualRatePercent * 100), loan.months);
          for (const r of s.rows.slice(0, -1)) expect(r.payment).toBe(regular);
          expect(s.lastPayment).toBeLessThanOrEqual(regular);
          expect(s.lastPayment).toBeGreaterThan(0);
        },
      ),
    );
  });

  it("equal principal repays the same principal each month but the last, so payments never rise", () => {
    fc.assert(
      fc.property(anyLoan, (loan) => {
        const s = repaymentSchedule({ ...loan, method: "principal" });
        for (const r of s.rows.slice(0, -1)) expect(r.principal).toBe(Math.floor(loan.amount / loan.months));
        s.rows.slice(1, -1).forEach((r, i) => expect(r.payment).toBeLessThanOrEqual(s.rows[i]!.payment));
      }),
    );
  });

  it("interest only repays no principal until the last month", () => {
    fc.assert(
      fc.property(anyLoan, (loan) => {
        const s = repaymentSchedule({ ...loan, method: "bullet" });
        for (const r of s.rows.slice(0, -1)) expect(r).toMatchObject({ principal: 0, balance: loan.amount });
        expect(s.rows.at(-1)?.principal).toBe(loan.amount);
      }),
    );
  });
});
