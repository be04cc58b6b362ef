import { describe, expect, it } from "vitest";
import { validate } from "#app/lib/schema.ts";
import { formatMonthsByVisa, parseMonthsByVisa, productFields, productSchema } from "#app/features/products/schema.ts";

/** The console's product form (issue 27): the legal maximum rate, ranges the right way up, one message per field. */
const VALID = {
  name_en: "Regional bank general loan",
  amount_min: "1000000",
  amount_max: "50000000",
  rate_min: "13.00",
  rate_max: "19.90",
  term_min: "6",
  term_max: "60",
  methods: "annuity",
  visas: "E-9,F-2",
  stay_after_months: "6",
  employed_months: "12",
  employed_months_by_visa: "E-9=6, F-2=1",
  min_income: "20000000",
  employment_kinds: "standard",
  nationalities: "",
  effective_from: "",
};

const errorsOf = (values: Record<string, string>) => {
  const result = validate(productSchema, values, { crossField: true });
  return result.success ? {} : result.errors;
};

describe("product schema", () => {
  it("accepts the seeded figures, with rates in percent and the per-visa months parsed", () => {
    const result = validate(productSchema, VALID);
    expect(result.success && result.output).toMatchObject({
      rate_min: 13,
      rate_max: 19.9,
      visas: ["E-9", "F-2"],
      employed_months_by_visa: { "E-9": 6, "F-2": 1 },
      nationalities: [],
    });
  });

  it("refuses a rate above 20 % a year with the legal message; 20.00 itself is allowed", () => {
    expect(errorsOf({ ...VALID, rate_max: "20.01" })).toEqual({ rate_max: "products.error.rateLegal" });
    expect(errorsOf({ ...VALID, rate_min: "24", rate_max: "24" })).toMatchObject({ rate_min: "products.error.rateLegal" });
    expect(errorsOf({ ...VALID, rate_max: "20" })).toEqual({});
    expect(errorsOf({ ...VALID, rate_max: "100" })).toEqual({ rate_max: "products.error.rateLegal" });
  });

  it("reads a rate with a point, at most 2 decimals, above 0; anything else gets the rate message", () => {
    for (const rate_max of ["0", "0.00", "1000", "19,9", "19.9%", "19.999", "1e1"])
      expect(errorsOf({ ...VALID, rate_max }), rate_max).toEqual({ rate_max: "products.error.rate" });
  });

  it("refuses each range upside down on its maximum", () => {
    expect(errorsOf({ ...VALID, amount_min: "60000000" })).toEqual({ amount_max: "products.error.upsideDown" });
    expect(errorsOf({ ...VALID, rate_min: "19.95" })).toEqual({ rate_max: "products.error.upsideDown" });
    expect(errorsOf({ ...VALID, term_min: "61" })).toEqual({ term_max: "products.error.upsideDown" });
  });

  it("needs English, one method, one visa, one kind of employment; refuses unknown choices and bad figures", () => {
    expect(errorsOf({ ...VALID, name_en: " ", methods: "", visas: "", employment_kinds: "" })).toEqual({
      name_en: "products.error.required",
      methods: "products.error.choose",
      visas: "products.error.choose",
      employment_kinds: "products.error.choose",
    });
    expect(errorsOf({ ...VALID, methods: "annuity,balloon" })).toEqual({ methods: "products.error.choice" });
    expect(errorsOf({ ...VALID, amount_min: "1e6", term_max: "481", rate_min: "13.001" })).toEqual({
      amount_min: "products.error.whole",
      term_max: "products.error.range",
      rate_min: "products.error.rate",
    });
    expect(errorsOf({ ...VALID, employed_months_by_visa: "E-9: 6" })).toEqual({ employed_months_by_visa: "products.error.byVisa" });
  });

  it("joins repeated checkboxes; the per-visa months read back as written", () => {
    const form = new URLSearchParams([
      ["methods", "annuity"],
      ["methods", "bullet"],
      ["visas", "D-2"],
    ]);
    expect(productFields(form)).toMatchObject({ methods: "annuity,bullet", visas: "D-2", employment_kinds: "" });
    expect(formatMonthsByVisa(parseMonthsByVisa("E-9=6,F-2 = 1")!)).toBe("E-9=6, F-2=1");
    expect(parseMonthsByVisa("X-1=3")).toBeNull();
  });
});
