import type { Locator, Page } from "@playwright/test";
import { test, expect, axeViolations, hydrated } from "#tests/e2e/fixtures.ts";

/**
 * Every ad readable and true to its lender (issue 48 item 2; review N1, N2), on the small phone
 * (320×568) and the usual one (390×844): the event popup's whole disclosure can be scrolled to
 * while its two ways of closing stay in view; a calculator link naming a product shows that
 * product's block only under figures the product has.
 */
const SIZES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
] as const;
const GENERAL = "regional-bank-general";

/** Wholly inside the viewport (the dialog's own clipping aside). */
async function inViewport(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const view = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(view.height + 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(view.width + 0.5);
}

/** Not hidden by the dialog's scrolling body: the element's box is inside the body's. */
async function insideBody(body: Locator, target: Locator) {
  const outer = (await body.boundingBox())!;
  const inner = (await target.boundingBox())!;
  expect(inner.y).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test.describe("the event popup", () => {
      test.use({ eventPopup: true });
      test("its last line can be scrolled to, both buttons always in view; axe clean", async ({ page }, testInfo) => {
        await page.goto("/?lang=en");
        await hydrated(page);
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        const body = dialog.getByTestId("popup-body");
        const close = dialog.getByRole("button", { name: "Close" });
        const dontShow = dialog.getByLabel("Don't show again today");
        // Before scrolling: the × and the bar are on the screen.
        for (const target of [close.first(), close.last(), dontShow]) await inViewport(page, target);
        await page.screenshot({ path: testInfo.outputPath(`popup-top-${size.width}.png`) });
        // The body scrolls (the whole block is longer than the screen), and its end is reachable.
        expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
        const last = dialog.getByTestId("loan-disclosure").locator('[data-part="visitor"] p').last();
        await last.scrollIntoViewIfNeeded();
        await expect(last).toContainText("reviewed by our");
        await inViewport(page, last);
        await insideBody(body, last);
        expect(await body.evaluate((el) => Math.ceil(el.scrollTop + el.clientHeight) >= el.scrollHeight - 1)).toBe(true);
        // After scrolling: still both ways of closing on the screen.
        for (const target of [close.first(), close.last(), dontShow]) await inViewport(page, target);
        await page.screenshot({ path: testInfo.outputPath(`popup-end-${size.width}.png`) });
        expect(await axeViolations(page)).toEqual([]);
        // The bar's button works from there.
        await dontShow.check();
        await close.last().click();
        await expect(dialog).toBeHidden();
      });

      test("a finger swipe scrolls the body", async ({ page }) => {
        await page.goto("/?lang=vi");
        await hydrated(page);
        const body = page.getByRole("dialog").getByTestId("popup-body");
        await expect(body).toBeVisible();
        const box = (await body.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, 400);
        await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      });
    });

    test.describe("the calculator from a product", () => {
      test("a rate the product does not have shows no lender block and no way to the lender; axe clean", async ({ page }, testInfo) => {
        const foreign = `/our-products/repayment-calculator?amount=5000000&rate=5&months=12&method=bullet&product=${GENERAL}&lang=en`;
        await page.goto(foreign);
        await hydrated(page);
        await expect(page.getByRole("heading", { level: 2, name: /./ }).first()).toBeVisible();
        await expect(page.getByTestId("loan-disclosure")).toHaveCount(0);
        await expect(page.locator(`main a[href^="/our-products/loan"], main a[href^="/go/"]`)).toHaveCount(0);
        await expect(page.getByText("주식회사 샘플A은행")).toHaveCount(0);
        await page.screenshot({ path: testInfo.outputPath(`calculator-foreign-${size.width}.png`), fullPage: true });
        expect(await axeViolations(page)).toEqual([]);
      });

      test("the product's own figures show its block, and typing out of its range takes it away (the same rule)", async ({
        page,
      }, testInfo) => {
        const own = `/our-products/repayment-calculator?amount=5000000&rate=15&months=24&method=annuity&product=${GENERAL}&lang=en`;
        await page.goto(own);
        await hydrated(page);
        const block = page.getByTestId("loan-disclosure");
        await expect(block).toHaveCount(1);
        await expect(block).toHaveAttribute("data-product", GENERAL);
        // Typed out of the product's range in the browser: the block goes with the same rule.
        await page.getByLabel(/interest rate/i).fill("5");
        await expect(block).toHaveCount(0);
        await page.getByLabel(/interest rate/i).fill("15");
        await expect(block).toHaveCount(1);
        await page.screenshot({ path: testInfo.outputPath(`calculator-own-${size.width}.png`), fullPage: false });
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  });
}

/**
 * Without JavaScript: the page's scripts are refused, so it stays the server's HTML (no hydration,
 * no popup, which needs the browser's storage); axe itself is injected by the test, which a context
 * with JavaScript switched off would not allow.
 */
test.describe("without JavaScript", () => {
  test.use({ viewport: { width: 320, height: 568 } });
  test.beforeEach(async ({ page }) => {
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
  });
  test("the calculator link with a foreign rate shows no lender block; with the product's own, the block; axe clean", async ({ page }) => {
    await page.goto(`/our-products/repayment-calculator?amount=5000000&rate=5&months=12&method=bullet&product=${GENERAL}&lang=en`);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await expect(page.getByTestId("loan-disclosure")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/our-products/repayment-calculator?amount=5000000&rate=15&months=24&method=annuity&product=${GENERAL}&lang=en`);
    await expect(page.getByTestId("loan-disclosure")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
  });
  test("the home page (the popup needs the browser's storage, so it never shows) is axe clean", async ({ page }) => {
    await page.goto("/?lang=en");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
