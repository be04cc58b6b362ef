import { describe, expect, it } from "vitest";
import { offerOf } from "#app/features/repayment/offer.ts";
import { GENERAL_OFFER, readCalculator, valuesFromQuery } from "#app/features/repayment/schema.ts";

const general = { name: "General", methods: ["annuity"], term: { min: 6, max: 60 } };
const student = { name: "Student", methods: ["annuity", "bullet"], term: { min: 6, max: 24 } };
const savings = { name: "Savings", methods: ["annuity", "principal"], term: { min: 12, max: 60 } };

describe("the calculator's offer (issue 35)", () => {
  it("is the live products' methods, in the usual order, each with its products, and their terms", () => {
    expect(offerOf([general, student])).toEqual({
      source: "products",
      methods: ["annuity", "bullet"],
      term: { min: 6, max: 60 },
      byMethod: { annuity: ["General", "Student"], bullet: ["Student"] },
    });
    expect(offerOf([savings]).term).toEqual({ min: 12, max: 60 });
    expect(offerOf([general, student, savings]).methods).toEqual(["annuity", "principal", "bullet"]);
  });

  it("is plain arithmetic when no product is live or none has a known method", () => {
    expect(offerOf([])).toBe(GENERAL_OFFER);
    expect(offerOf([{ name: "Odd", methods: ["balloon"], term: { min: 1, max: 12 } }])).toBe(GENERAL_OFFER);
    expect(GENERAL_OFFER).toMatchObject({ source: "general", term: { min: 1, max: 360 }, methods: ["annuity", "principal", "bullet"] });
  });

  it("refuses a term or a method no product has, and takes those one has", () => {
    const offer = offerOf([general, student]);
    const read = (query: string) => readCalculator(valuesFromQuery(new URLSearchParams(query)), offer);
    expect(read("amount=10000000&rate=13&months=24&method=bullet")).toMatchObject({
      success: true,
      input: { months: 24, method: "bullet" },
    });
    expect(read("amount=10000000&rate=13&months=120&method=annuity")).toMatchObject({
      success: false,
      errors: { months: "calculator.errors.monthsRange" },
    });
    expect(read("amount=10000000&rate=13&months=3")).toMatchObject({ success: false, errors: { months: "calculator.errors.monthsRange" } });
    expect(read("amount=10000000&rate=13&months=24&method=principal")).toMatchObject({
      success: false,
      errors: { method: "calculator.errors.method" },
    });
    // Without a method, equal payments when a product has them; else the first offered.
    expect(read("amount=10000000&rate=13&months=24")).toMatchObject({ success: true, input: { method: "annuity" } });
    const onlyBullet = offerOf([{ name: "B", methods: ["bullet"], term: { min: 6, max: 12 } }]);
    expect(readCalculator(valuesFromQuery(new URLSearchParams("amount=10000000&rate=13&months=6")), onlyBullet)).toMatchObject({
      success: true,
      input: { method: "bullet" },
    });
    // Plain arithmetic keeps 1–360 months and every method.
    expect(readCalculator(valuesFromQuery(new URLSearchParams("amount=10000000&rate=13&months=360&method=principal")))).toMatchObject({
      success: true,
    });
  });
});
