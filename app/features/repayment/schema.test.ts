import { describe, expect, it } from "vitest";
import { isAsked, queryFromValues, readCalculator, valuesFromQuery, type CalculatorValues } from "#app/features/repayment/schema.ts";
import { calculatorAnswer } from "#app/features/repayment/answer.ts";

const read = (query: string) => readCalculator(valuesFromQuery(new URLSearchParams(query)));
const input = (query: string) => {
  const r = read(query);
  if (!r.success) throw new Error(JSON.stringify(r.errors));
  return r.input;
};
const errors = (query: string) => {
  const r = read(query);
  return r.success ? {} : r.errors;
};

describe("the calculator's query: one schema for the loader and the browser", () => {
  it("reads a full query", () => {
    expect(input("amount=50000000&rate=13.5&months=60&method=principal&expiry=20300115&income=36000000")).toEqual({
      amount: 50_000_000,
      rate: 13.5,
      months: 60,
      method: "principal",
      expiry: { kind: "date", iso: "2030-01-15" },
      income: 36_000_000,
    });
  });

  it.each([
    ["5,000,000", 5_000_000],
    ["5.000.000", 5_000_000],
    ["5 000 000", 5_000_000],
    ["5000000", 5_000_000],
  ])("amount %j is %i KRW", (amount, won) => {
    expect(input(`amount=${encodeURIComponent(amount)}&rate=13&months=12`).amount).toBe(won);
  });

  it.each([
    ["13.5", 13.5],
    ["13,5", 13.5],
    ["19.9%", 19.9],
    ["0", 0],
    ["20", 20],
    ["7.05", 7.05],
  ])("rate %j is %f %", (rate, percent) => {
    expect(input(`amount=1000000&rate=${encodeURIComponent(rate)}&months=12`).rate).toBe(percent);
  });

  it("defaults the method to equal payments and reads expiry unknown, YYYY/MM/DD and no income", () => {
    expect(input("amount=1000000&rate=13&months=12&expiry=unknown")).toMatchObject({
      method: "annuity",
      expiry: { kind: "unknown" },
      income: null,
    });
    expect(input("amount=1000000&rate=13&months=12&expiry=2027%2F03%2F15").expiry).toEqual({ kind: "date", iso: "2027-03-15" });
    expect(input("amount=1000000&rate=13&months=12&expiry=").expiry).toEqual({ kind: "none" });
  });

  it.each([
    ["amount=&rate=13&months=12", "amount", "calculator.errors.amountRequired"],
    ["rate=13&months=12", "amount", "calculator.errors.amountRequired"],
    ["amount=1.5&rate=13&months=12", "amount", "calculator.errors.amountFormat"],
    ["amount=abc&rate=13&months=12", "amount", "calculator.errors.amountFormat"],
    ["amount=-5000000&rate=13&months=12", "amount", "calculator.errors.amountFormat"],
    ["amount=99999&rate=13&months=12", "amount", "calculator.errors.amountRange"],
    ["amount=1000000001&rate=13&months=12", "amount", "calculator.errors.amountRange"],
    ["amount=1000000&months=12", "rate", "calculator.errors.rateRequired"],
    ["amount=1000000&rate=13.555&months=12", "rate", "calculator.errors.rateFormat"],
    ["amount=1000000&rate=1e1&months=12", "rate", "calculator.errors.rateFormat"],
    ["amount=1000000&rate=20.01&months=12", "rate", "calculator.errors.rateRange"],
    ["amount=1000000&rate=100&months=12", "rate", "calculator.errors.rateFormat"],
    ["amount=1000000&rate=13", "months", "calculator.errors.monthsRequired"],
    ["amount=1000000&rate=13&months=0", "months", "calculator.errors.monthsRange"],
    ["amount=1000000&rate=13&months=361", "months", "calculator.errors.monthsRange"],
    ["amount=1000000&rate=13&months=12.5", "months", "calculator.errors.monthsRange"],
    ["amount=1000000&rate=13&months=12&method=balloon", "method", "calculator.errors.method"],
    ["amount=1000000&rate=13&months=12&expiry=20270230", "expiry", "calculator.errors.expiryFormat"],
    ["amount=1000000&rate=13&months=12&expiry=next+year", "expiry", "calculator.errors.expiryFormat"],
    ["amount=1000000&rate=13&months=12&income=lots", "income", "calculator.errors.incomeFormat"],
    ["amount=1000000&rate=13&months=12&income=0", "income", "calculator.errors.incomeFormat"],
  ])("%s → %s: %s", (query, field, message) => {
    expect(errors(query)[field]).toBe(message);
  });

  it("reports every wrong field at once, each with its own message", () => {
    expect(errors("amount=x&rate=&months=999&method=annuity")).toEqual({
      amount: "calculator.errors.amountFormat",
      rate: "calculator.errors.rateRequired",
      months: "calculator.errors.monthsRange",
    });
  });

  it("is asked when the URL carries any of its fields (a submitted form sends method)", () => {
    expect(isAsked(new URLSearchParams(""))).toBe(false);
    expect(isAsked(new URLSearchParams("lang=vi"))).toBe(false);
    expect(isAsked(new URLSearchParams("method=annuity"))).toBe(true);
  });

  it("writes the values back as a query without the empty fields", () => {
    const values: CalculatorValues = { amount: " 5,000,000 ", rate: "13", months: "12", method: "annuity", expiry: "", income: "" };
    expect(queryFromValues(values)).toBe("amount=5%2C000%2C000&rate=13&months=12&method=annuity");
  });
});

describe("calculatorAnswer: the term the stay allows and the share of income", () => {
  const today = "2026-11-26";
  const answer = (query: string) => calculatorAnswer(input(query), today);

  it("without an expiry, says until when the visa must last: the term plus 6 months", () => {
    expect(answer("amount=10000000&rate=13&months=12").stay).toEqual({ kind: "not-given", mustLastUntil: "2028-05-26" });
    expect(answer("amount=10000000&rate=13&months=12&expiry=unknown").stay.kind).toBe("not-given");
  });

  it("keeps a term that leaves exactly 6 months of stay; one day short, the term is capped", () => {
    expect(answer("amount=10000000&rate=13&months=12&expiry=20280526")).toMatchObject({
      months: 12,
      stay: { kind: "fits", maxMonths: 12 },
    });
    const capped = answer("amount=10000000&rate=13&months=12&expiry=20280525");
    expect(capped).toMatchObject({ months: 11, stay: { kind: "capped", maxMonths: 11, askedMonths: 12, expiry: "2028-05-25" } });
    expect(capped.schedule?.rows).toHaveLength(11);
  });

  it("gives no schedule when the stay leaves no term at all (or the visa has ended)", () => {
    expect(answer("amount=10000000&rate=13&months=12&expiry=20270625")).toMatchObject({ schedule: null, stay: { kind: "none" } });
    expect(answer("amount=10000000&rate=13&months=12&expiry=20200101")).toMatchObject({ schedule: null, stay: { kind: "none" } });
  });

  it("shows the average monthly repayment as a share of monthly income, over 40 % flagged", () => {
    // 12,000,000 KRW at 0 % over 12 months: 1,000,000 KRW a month.
    const under = answer("amount=12000000&rate=0&months=12&income=30000000").income;
    expect(under).toEqual({ averagePayment: 1_000_000, monthlyIncome: 2_500_000, share: 0.4, overCeiling: false });
    expect(answer("amount=12000000&rate=0&months=12&income=29999999").income?.overCeiling).toBe(true);
    expect(answer("amount=12000000&rate=0&months=12").income).toBeNull();
  });
});
