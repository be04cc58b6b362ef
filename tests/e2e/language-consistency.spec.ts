import { readFileSync } from "node:fs";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { test, expect } from "#tests/e2e/fixtures.ts";
import { SAMPLE_PRODUCTS } from "#db/migrations/0090_loan_products.ts";

/**
 * What one page says agrees with what another says, in every language
 * (issue 18).
 */
const catalog = (lang: Locale, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), "utf8")) as Record<string, Record<string, string>>;

/** The loan pages that talk about who may apply. */
const LOAN_PAGES = [
  ...["faq", "eligibility", "process", "interest", "documents", "repayment"].map((c) => `/information-service/loan-faq?category=${c}`),
  "/our-products/loan",
];

test.describe("one site, one story (issue 18)", () => {
  for (const lang of LOCALES) {
    test(`${lang}: wherever a loan page names the D-2 visa, it sends the student to ask us and names no product of its own`, async ({
      page,
    }) => {
      // Which loans are offered is the products' data (issue 47): prose that names a product would outlive it.
      const productNames = SAMPLE_PRODUCTS.map((p) => (p.names as Record<string, string>)[lang]!.toLocaleLowerCase(lang));
      let named = 0;
      for (const path of LOAN_PAGES) {
        await page.goto(path);
        // The paragraph around every mention of D-2, open or folded.
        const blocks = await page.locator("main").evaluate((main) => {
          const found: string[] = [];
          const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode())
            if (/\bD-2\b/.test(node.textContent ?? "") && !node.parentElement?.closest("script"))
              found.push(node.parentElement?.closest("p, li, dd, div")?.textContent ?? "");
          return found;
        });
        for (const block of blocks) {
          named++;
          for (const name of productNames) expect(block.toLocaleLowerCase(lang), `${path}: ${block}`).not.toContain(name);
        }
      }
      // The eligibility answer and the guide's first step both speak to students.
      expect(named).toBeGreaterThanOrEqual(2);
    });

    test(`${lang}: the expiry date's placeholder is the format its hint and its error name`, async ({ page }) => {
      const strings = catalog(lang, "consultation");
      await page.goto(`/loan-consultation?lang=${lang}`);
      const field = page.locator('input[name="expiryDate"]');
      const placeholder = await field.getAttribute("placeholder");
      expect(placeholder).toBe(strings.expiry!.datePlaceholder);
      const hintId = (await field.getAttribute("aria-describedby"))!.split(" ")[0]!;
      await expect(page.locator(`[id="${hintId}"]`)).toContainText(placeholder!);
      // The error names the same format; English quotes the spec's "Use format YYYYMMDD." (issue 37),
      // the same year-month-day digits without the slashes the field types.
      if (lang === "en") expect(strings.errors!.dateFormat).toBe("Use format YYYYMMDD.");
      expect(strings.errors!.dateFormat!.replaceAll("/", "")).toContain(placeholder!.replaceAll("/", ""));
    });
  }
});
