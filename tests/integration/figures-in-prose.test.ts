import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { createOperator } from "#tests/support/admin.ts";
import { testContext, testServices } from "#tests/support/services.ts";
import { pageText, type PageModule } from "#tests/support/render-page.tsx";
import { validate } from "#app/lib/schema.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { serverT } from "#app/i18n/catalog.server.ts";
import { productSchema } from "#app/features/products/schema.ts";
import { findProduct, listProducts, publishDraft, saveDraft, setProductEnabled } from "#app/features/products/products.server.ts";
import { loanFaqFor } from "#app/features/loan-faq/loan-faq.server.ts";
import { glossaryFor } from "#app/features/glossary/glossary.server.ts";
import * as calculator from "#app/routes/our-products.repayment-calculator.tsx";
import * as faq from "#app/routes/information-service.loan-faq.tsx";
import * as glossary from "#app/routes/information-service.loan.tsx";
import * as guide from "#app/routes/our-products.loan.tsx";

/**
 * Issue 47, item 2: every figure the site's prose states about "our" loans
 * is the live products'. An administrator publishes a product with figures
 * of its own through the console's functions and switches the sample ones
 * off; the calculator, the FAQ, the glossary and the loan guide then state
 * those figures, in each language's number format, and none of the sample's.
 * With no product live, the sentences that state figures are gone.
 */
const who = { operator: { id: 0, email: "admin@example.com", role: "admin" as const } };

/** The published product's figures as each language writes them (2,300,000–17,500,000 KRW, 8.75–14.25 %, 7–43 months). */
const WRITTEN: Record<Locale, { amount: [string, string]; rate: [string, string] }> = {
  en: { amount: ["2,300,000", "17,500,000"], rate: ["8.75%", "14.25%"] },
  vi: { amount: ["2.300.000", "17.500.000"], rate: ["8,75%", "14,25%"] },
  id: { amount: ["2.300.000", "17.500.000"], rate: ["8,75%", "14,25%"] },
  my: { amount: ["2,300,000", "17,500,000"], rate: ["8.75%", "14.25%"] },
  mn: { amount: ["2,300,000", "17,500,000"], rate: ["8.75%", "14.25%"] },
};

/** The seeded sample's figures (1,000,000–50,000,000 KRW, 13.00–19.9 %), as any language writes them. */
const SAMPLE = /50[.,]000[.,]000|\b13(?:[.,]00)?%|19[.,]9%/;

/** The pages that state figures, each with the query that opens the answers holding them. */
const PAGES: { name: string; module: PageModule; path: string; states: ("amount" | "rate" | "term")[] }[] = [
  { name: "calculator", module: calculator, path: "/", states: ["amount", "rate"] },
  { name: "FAQ (amounts)", module: faq, path: "/?category=faq", states: ["amount"] },
  { name: "FAQ (rates)", module: faq, path: "/?category=interest", states: ["rate"] },
  { name: "glossary", module: glossary, path: "/?term=loan-limit&term=annual-rate", states: ["amount", "rate"] },
  { name: "loan guide", module: guide, path: "/", states: ["amount", "rate", "term"] },
];

/** The longest stretch of words of a figures sentence (between its placeholders): on the page only when the sentence is. */
function stem(sentence: string): string {
  return sentence
    .split(/\{\w+\}/)
    .map((s) => s.trim())
    .sort((a, b) => b.length - a.length)[0]!;
}

/** Every sentence that states figures, in `locale`: the catalogs' and the content's. */
function figureSentences(locale: Locale): string[] {
  return [
    serverT(locale, "calculator.figures.amount"),
    serverT(locale, "calculator.figures.rate"),
    serverT(locale, "guide.figures"),
    ...loanFaqFor(locale).categories.flatMap((c) => c.items.flatMap((i) => (i.figures ? [i.figures] : []))),
    ...glossaryFor(locale).categories.flatMap((c) => c.terms.flatMap((t) => (t.figures ? [t.figures] : []))),
  ];
}

function inAYear(): string {
  return new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
}

describe.each(DIALECTS)("figures in prose come from the live products, on %s", (dialect) => {
  let handle: TestDatabase;
  let db: Kysely<Database>;
  let published = 0;
  const text = (locale: Locale, page: (typeof PAGES)[number]) => pageText(page.module, testContext(testServices(db), locale), page.path);

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    db = handle.db;
    who.operator.id = await createOperator(db, who.operator.email, "a long enough password");
    const [first, ...others] = await listProducts(db);
    published = first!.id;
    const values = {
      ...(await findProduct(db, published))!.live!,
      amount_min: "2300000",
      amount_max: "17500000",
      rate_min: "8.75",
      rate_max: "14.25",
      term_min: "7",
      term_max: "43",
      effective_from: "",
      confirm_until: inAYear(),
      review_until: inAYear(),
    };
    const input = validate(productSchema, values, { crossField: true });
    if (!input.success) throw new Error(JSON.stringify(input.errors));
    await saveDraft(db, who, published, input.output);
    await publishDraft(db, who, published);
    for (const other of others) await setProductEnabled(db, who, other.id, false);
  }, 30_000);
  afterAll(async () => {
    await handle.cleanup();
  });

  describe.each(LOCALES)("in %s", (locale) => {
    it.each(PAGES)("the $name states the published product's figures and none of the sample's", async (page) => {
      const shown = await text(locale, page);
      const written = WRITTEN[locale];
      if (page.states.includes("amount")) for (const figure of written.amount) expect(shown).toContain(figure);
      if (page.states.includes("rate")) for (const figure of written.rate) expect(shown).toContain(figure);
      if (page.states.includes("term")) expect(shown).toMatch(/\b7\b[^\d]{1,20}\b43\b/);
      expect(shown).not.toMatch(SAMPLE);
      expect(shown).not.toContain("{");
    });
  });

  it("with no product live, no sentence states a figure, in any language", async () => {
    await setProductEnabled(db, who, published, false);
    for (const locale of LOCALES) {
      const stems = figureSentences(locale).map(stem);
      for (const page of PAGES) {
        const shown = await text(locale, page);
        for (const s of stems) expect(shown, `${locale} ${page.name}`).not.toContain(s);
        for (const figure of [...WRITTEN[locale].amount, ...WRITTEN[locale].rate]) expect(shown).not.toContain(figure);
        expect(shown).not.toMatch(SAMPLE);
        expect(shown).not.toContain("{");
      }
    }
    // The rest of what the pages say stays: the calculator still asks for an amount, the FAQ still answers.
    const en = await text("en", PAGES[0]!);
    expect(en).toContain("In whole won, for example 10,000,000.");
    expect(await text("en", PAGES[2]!)).toContain("Your own rate is set by the partner financial company after its review");
  });
});
