import { describe, expect, it } from "vitest";
import { LOCALES } from "#app/i18n/locales.ts";
import { MAX_EXCHANGES, askedTerms, glossaryFor, glossaryWithFigures } from "#app/features/glossary/glossary.server.ts";
import { rangeVars } from "#app/loans/ranges.ts";

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

describe("the glossary's figures (issue 47): the live products', never its own", () => {
  const english = glossaryFor("en").categories.flatMap((c) => c.terms);
  it.each(LOCALES)("%s states no figure of its own; its {figures} marks match English", (locale) => {
    const terms = glossaryFor(locale).categories.flatMap((c) => c.terms);
    terms.forEach((term, i) => {
      expect(term.description, term.id).not.toMatch(/13[.,]00|19[.,]9|50[.,]000[.,]000/);
      expect(term.description.includes("{figures}"), term.id).toBe(!!term.figures);
      const names = (text = "") => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(term.figures), term.id).toEqual(names(english[i]!.figures));
    });
  });

  it.each(LOCALES)("%s: filled with the products' figures, or without the sentence when none is live", (locale) => {
    const vars = rangeVars(locale, {
      amount: { min: 2_300_000, max: 17_500_000 },
      rateBp: { min: 875, max: 1425 },
      term: { min: 12, max: 36 },
    });
    const filled = glossaryWithFigures(glossaryFor(locale), vars).categories.flatMap((c) => c.terms);
    const text = filled.map((t) => t.description).join("\n");
    expect(text).toContain(vars.amountMax);
    expect(text).toContain(vars.rateMax);
    const bare = glossaryWithFigures(glossaryFor(locale), null).categories.flatMap((c) => c.terms);
    for (const term of [...filled, ...bare]) {
      expect(term.description).not.toContain("{");
      expect(term).not.toHaveProperty("figures");
    }
    expect(bare.map((t) => t.description).join("\n")).not.toContain(vars.amountMax);
    // Only the term that states the rates takes the 대부업법 items beside it (ADR 0056); none when nothing is live.
    expect(filled.filter((t) => t.statesRates).map((t) => t.id)).toEqual(["annual-rate"]);
    expect(bare.filter((t) => t.statesRates)).toEqual([]);
  });
});
