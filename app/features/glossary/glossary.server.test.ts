import { describe, expect, it } from "vitest";
import { LOCALES } from "#app/i18n/locales.ts";
import { MAX_EXCHANGES, askedTerms, glossaryFor } from "#app/features/glossary/glossary.server.ts";

const SPEC_CATEGORIES = ["essentials", "limit", "credit", "interest", "repayment", "prepayment"];

describe("glossary content", () => {
  it.each(LOCALES)("%s has the six spec categories, each term complete", (locale) => {
    const glossary = glossaryFor(locale);
    expect(glossary.intro.trim()).not.toBe("");
    expect(glossary.categories.map((c) => c.id)).toEqual(SPEC_CATEGORIES);
    for (const category of glossary.categories) {
      expect(category.terms.length).toBeGreaterThan(0);
      for (const term of category.terms) {
        expect(term.term.trim() && term.selected.trim() && term.description.trim(), `${locale} ${term.id}`).toBeTruthy();
      }
    }
  });

  it("keeps the English labels of spec §2", () => {
    expect(glossaryFor("en").categories.map((c) => c.label)).toEqual([
      "Loan Essentials",
      "Loan Limit",
      "Credit",
      "Interest Rates",
      "Repayment Method",
      "Prepayment Fee",
    ]);
  });

  it("has unique term ids (they are the chips' values)", () => {
    const ids = glossaryFor("en").categories.flatMap((c) => c.terms.map((t) => t.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("askedTerms (?term= of the no-script chips)", () => {
  const glossary = glossaryFor("en");
  const url = (query: string) => new URL(`http://localhost/information-service/loan?${query}`);

  it("keeps known ids in order and drops unknown ones", () => {
    expect(askedTerms(glossary, url("term=principal&term=<script>&term=dsr"))).toEqual(["principal", "dsr"]);
  });
  it("keeps only the latest exchanges", () => {
    const many = Array.from({ length: MAX_EXCHANGES + 5 }, (_, i) => `term=${i % 2 ? "dsr" : "principal"}`).join("&");
    const asked = askedTerms(glossary, url(many));
    expect(asked).toHaveLength(MAX_EXCHANGES);
    expect(asked.at(-1)).toBe("principal");
  });
  it("is empty without a term", () => {
    expect(askedTerms(glossary, url(""))).toEqual([]);
  });
});
