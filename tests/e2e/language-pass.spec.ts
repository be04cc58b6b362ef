import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { formatDay } from "#app/i18n/intl.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { test, expect, axeViolations, hydrated } from "#tests/e2e/fixtures.ts";

/**
 * Issue 50 (native-reader review of 2026-11-28) as a reader sees it at
 * 390×844: the ad block of a product with two repayment methods lists two,
 * each whole, with its dates and rates in one form per card; the status page
 * and the legal texts in Burmese and Mongolian; Indonesian clock times with a
 * dot. Screenshots in test-results/language/.
 */
type Catalog = Record<string, unknown>;
const catalog = (lang: Locale, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), "utf8")) as Catalog;
const text = (cat: Catalog, path: string) => path.split(".").reduce<unknown>((o, k) => (o as Catalog)[k], cat) as string;
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/language/${name}.png`, fullPage: true });
/** The seeded student loan (migration 0090): two methods, annuity and bullet; rates as of 2026-11-01. */
const TWO_METHODS = "regional-bank-student";
const CONNECTOR: Record<Locale, string> = { en: " or ", vi: " hoặc ", id: " atau ", my: " သို့မဟုတ် ", mn: " эсвэл " };

test.describe("the ad block as a reader understands it", () => {
  for (const lang of LOCALES) {
    test(`${lang}: two repayment methods read as two, each whole; one form per date and rate`, async ({ page }) => {
      await page.goto(`/our-products/loan?product=${TWO_METHODS}&lang=${lang}`);
      const block = page.getByTestId("loan-disclosure");
      const visitor = block.locator('[data-part="visitor"]');
      const loans = catalog(lang, "loans");
      const [before = "", after = ""] = text(loans, "disclosure.methods").split("{methods}");
      const names = [text(loans, "disclosure.method.annuity"), text(loans, "disclosure.method.bullet")];
      await expect(visitor.locator("p", { hasText: before.trim() })).toHaveText(`${before}${names.join(CONNECTOR[lang])}${after}`);
      // The rate's day written out as the banners write it; no second form of it on the card.
      const rate = visitor.locator("p", { hasText: formatDay(lang, "2026-11-01") });
      await expect(rate).toHaveCount(1);
      await expect(page.locator("main")).not.toContainText("2026/11/01");
      // The product's own rate line and the block's give the rate in one form.
      const shown = (await page.locator("#product-ad-title + p").innerText()).match(/\d+(?:[.,]\d+)?%/g) ?? [];
      expect(shown.length).toBeGreaterThan(0);
      for (const figure of shown) await expect(rate).toContainText(figure);
      if (lang === "my" || lang === "mn") await visitor.screenshot({ path: `test-results/language/ad-block-${lang}.png` });
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

/** Sends a consultation in `lang` and opens its status page from the completion page's link. */
async function statusPage(page: Page, lang: Locale) {
  await page.goto(`/loan-consultation?lang=${lang}`);
  await hydrated(page);
  await page.locator('input[name="type"][value="yes"]').check();
  await page.locator('select[name="visaType"]').selectOption("E-9");
  await page.locator('input[name="expiryChoice"][value="unknown"]').check();
  await page.locator('input[name="nationality"]').fill("Mongolia");
  await page.locator('input[name="name"]').fill(`LANGUAGE ${lang.toUpperCase()}`);
  await page.locator('input[name="phone"]').fill("01055550050");
  await page.locator('input[name="agreeRequired"]').check();
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/loan-consultation-complete/);
  const href = await page.locator('main a[href^="/status/"]').first().getAttribute("href");
  await page.goto(href!);
  await expect(page.locator("h1")).toBeVisible();
}

test.describe("the status page and the legal texts", () => {
  test("id: the working hours are written 09.00–18.00, as the times beside them", async ({ page }) => {
    await statusPage(page, "id");
    await expect(page.locator("main")).toContainText("pukul 09.00–18.00 waktu Korea");
    await expect(page.locator("main")).not.toContainText("09:00");
  });

  for (const lang of ["my", "mn"] as const) {
    test(`${lang}: the status page`, async ({ page }) => {
      await statusPage(page, lang);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `status-${lang}`);
    });

    test(`${lang}: the complaint policy's 14 days and the loan product notice`, async ({ page }) => {
      await page.goto(`/?policy=complaint&lang=${lang}`);
      const days = page.getByRole("dialog").getByText(lang === "my" ? "14 ရက်အတွင်း ကုမ္ပဏီက အဖြေပေးပါသည်" : "14 хоногийн дотор хариу өгнө");
      await expect(days).toBeVisible();
      await days.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/language/legal-complaint-${lang}.png` });
      await page.goto(`/?policy=notice&lang=${lang}`);
      const partner = page.getByRole("dialog").getByText(lang === "my" ? "ထို မိတ်ဖက် ငွေကြေးကုမ္ပဏီက ကုမ္ပဏီကို" : "зээлдүүлэгч");
      await expect(partner.first()).toBeVisible();
      await partner.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/language/legal-notice-${lang}.png` });
    });
  }
});
