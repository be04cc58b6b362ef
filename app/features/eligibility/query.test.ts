import { describe, expect, it } from "vitest";
import { checkQuery, parseCheck } from "#app/features/eligibility/query.ts";

/** The check's query string (issue 27, item 4): each bad or missing value gets its field's message; good ones become the answers. */
const GOOD = "visa=E-9&expiry=20281126&employed_months=9&employment=standard&income=30%2C000%2C000&amount=5000000&months=24";

describe("the check's query", () => {
  it("reads good answers, the expiry as a day or unknown, numbers with separators", () => {
    expect(parseCheck(new URLSearchParams(GOOD)).answers).toEqual({
      visa: "E-9",
      expiry: "2028-11-26",
      employedMonths: 9,
      employment: "standard",
      income: 30_000_000,
      amount: 5_000_000,
      months: 24,
    });
    expect(parseCheck(new URLSearchParams(GOOD.replace("20281126", "unknown"))).answers?.expiry).toBeNull();
    expect(parseCheck(new URLSearchParams(GOOD.replace("20281126", "2028/11/26"))).answers?.expiry).toBe("2028-11-26");
    // Without JavaScript: the empty date field and the ticked "I don't know", under one name.
    expect(parseCheck(new URLSearchParams(GOOD.replace("expiry=20281126", "expiry=&expiry=unknown"))).answers?.expiry).toBeNull();
  });

  it("an empty query is the form alone, without messages", () => {
    expect(parseCheck(new URLSearchParams("lang=vi"))).toMatchObject({ empty: true, errors: {}, answers: null });
    // A form sent with nothing filled in is an answer to give: every field's message.
    expect(Object.keys(parseCheck(new URLSearchParams("visa=&expiry=&months=")).errors)).toHaveLength(7);
  });

  it("gives each bad or missing field its own message and no answer", () => {
    const parsed = parseCheck(
      new URLSearchParams("visa=Z-1&expiry=20280230&employed_months=-1&employment=boss&income=lots&amount=0&months=999"),
    );
    expect(parsed.answers).toBeNull();
    expect(parsed.errors).toEqual({
      visa: "eligibility.errors.visa",
      expiry: "eligibility.errors.expiryFormat",
      employed_months: "eligibility.errors.employedMonths",
      employment: "eligibility.errors.employment",
      income: "eligibility.errors.income",
      amount: "eligibility.errors.amount",
      months: "eligibility.errors.months",
    });
    expect(parseCheck(new URLSearchParams("visa=E-9")).errors).toMatchObject({ expiry: "eligibility.errors.expiryRequired" });
  });

  it("keeps what was typed (cut to 40 characters) and writes the answers back in a fixed order", () => {
    const long = "9".repeat(100);
    expect(parseCheck(new URLSearchParams(`income=${long}`)).values.income).toHaveLength(40);
    expect(checkQuery({ months: "12", visa: "E-9", income: "" })).toBe("visa=E-9&months=12");
  });
});
