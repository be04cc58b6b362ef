import { describe, expect, it } from "vitest";
import fc from "fast-check";
import en from "#app/features/console/i18n/en.json";
import ko from "#app/features/console/i18n/ko.json";
import { validate } from "#app/lib/schema.ts";
import {
  consentItems,
  LENDER_CONSENT_ITEMS,
  LENDER_CONSENT_METHODS,
  lenderConsentInput,
  lenderConsentSchema,
  sameLender,
} from "#app/features/pipeline/lender-consent.ts";

const catalogs = { en: en as Record<string, unknown>, ko: ko as Record<string, unknown> };

describe("the consent to give a consultation to a lender (issue 52)", () => {
  it("reads the form's checkboxes as items in the list's order, and refuses every bad form with a console message", () => {
    const form = new URLSearchParams("method=phone&lender=Bank&reference=R1&retentionYears=5&items=income&items=name");
    const read = validate(lenderConsentSchema, lenderConsentInput(form));
    expect(read).toEqual({
      success: true,
      output: { method: "phone", lender: "Bank", reference: "R1", retentionYears: 5, items: ["name", "income"] },
    });
    const bad = [
      {},
      { method: "web" },
      { method: "phone", lender: "Bank", items: "name", retentionYears: "5" },
      { method: "paper", lender: "\u200b", items: "name", retentionYears: "5", reference: "F" },
      { method: "web", lender: "Bank", items: "name,arc", retentionYears: "5" },
      { method: "web", lender: "Bank", items: "name", retentionYears: "0" },
      { method: "web", lender: "Bank", items: "name", retentionYears: "11" },
      { method: "fax", lender: "Bank", items: "name", retentionYears: "5" },
    ];
    for (const input of bad) {
      const result = validate(lenderConsentSchema, input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      if (!result.success)
        for (const message of Object.values(result.errors))
          for (const catalog of Object.values(catalogs)) expect(catalog[message], message).toBeTruthy();
    }
  });

  it("has the console's words for every item, way and answer", () => {
    const keys = [
      ...LENDER_CONSENT_ITEMS.map((i) => `pipeline.consent.item.${i}`),
      ...LENDER_CONSENT_METHODS.flatMap((m) => [`pipeline.consent.method.${m}`, `pipeline.consent.howOption.${m}`]),
      ...["given", "refused", "open"].map((a) => `pipeline.consent.answer.${a}`),
      ...["missing", "decided", "invalid"].map((e) => `pipeline.consent.error.${e}`),
    ];
    for (const [lang, catalog] of Object.entries(catalogs)) for (const key of keys) expect(catalog[key], `${lang} ${key}`).toBeTruthy();
  });

  it("knows a lender however its spaces and case are typed, and no other", () => {
    expect(sameLender(" Sample  Savings\tBank ", "sample savings bank")).toBe(true);
    expect(sameLender("OK저축은행", "ok저축은행")).toBe(true);
    expect(sameLender("Sample Bank", "Sample Bank 2")).toBe(false);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 ]{0,20}$/), fc.string(), (a, b) => {
        expect(sameLender(a, a.toUpperCase().replace(/ /g, "  "))).toBe(sameLender(a, a));
        if (sameLender(a, b)) expect(sameLender(b, a)).toBe(true);
      }),
    );
  });

  it("keeps only known items from a stored list", () => {
    expect(consentItems("income,name,passport")).toEqual(["name", "income"]);
    expect(consentItems("")).toEqual([]);
  });
});
