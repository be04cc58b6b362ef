import type { Browser, Locator, Page } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english, withoutJavaScript } from "#tests/e2e/console/fixtures.ts";
import { SAMPLE_LENDERS } from "#db/migrations/0175_lenders.ts";

/**
 * The console's Products page (issue 27) at 390×844: an administrator reads
 * the live products from the navigation, a rate above 20 % a year is refused
 * with the field's message (with and without JavaScript) and saves nothing,
 * a draft is seen only in the console and the preview and is discarded,
 * publishing works; an agent gets 403. The public eligibility and calculator
 * specs read these products: every test leaves the live figures as it found
 * them (a publication here republishes the live values unchanged), and each
 * test edits its own product, so they may run in parallel. The administrator
 * and the agent are the worker's, signed in once.
 */
test.use({ viewport: { width: 390, height: 844 }, signedInAs: "admin" });
test.beforeEach(async ({ context }) => english(context));

const WORK_VISAS = "visas E-1, E-2, E-3, E-7, E-9, F-2, F-5, F-6, F-4";
/** The seeded products (migration 0090) and their live figures as the list shows them. */
const SEEDED = [
  {
    name: "Regional bank general loan",
    key: "regional-bank-general",
    figures: `1,000,000–50,000,000 KRW · 13.00–19.90% a year · term in months: 6–60 · ${WORK_VISAS}`,
  },
  {
    name: "Regional bank student loan",
    key: "regional-bank-student",
    figures: "1,000,000–10,000,000 KRW · 13.00–19.90% a year · term in months: 6–24 · visas D-2",
  },
  {
    name: "Savings bank loan",
    key: "savings-bank",
    figures: `1,000,000–50,000,000 KRW · 13.00–19.90% a year · term in months: 12–60 · ${WORK_VISAS}`,
  },
] as const;
type Seeded = (typeof SEEDED)[number];

/** E-9, 9 months at work, 30 M KRW a year, 5 M KRW over 24 months, a visa to 2035: the two loans for workers fit. */
const CHECK =
  "/our-products/eligibility?visa=E-9&expiry=20350101&employed_months=9&employment=standard&income=30000000&amount=5000000&months=24";
const LIVE_GENERAL_RATES = /about [\d,]+ KRW at 13% to [\d,]+ KRW at 19\.9% a year\./;

/** The card's line naming the product's lender, as the Lenders page keeps it (issue 47). */
const lenderLine = (product: Seeded) => `Lender: ${SAMPLE_LENDERS[product.key]!.legal_name}`;

/** A product's card on the list. */
const card = (page: Page, product: Seeded) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: product.name }) });

/** The product's card: on, its seeded figures live (whatever draft another test may have saved meanwhile). */
async function expectLive(page: Page, product: Seeded) {
  const lines = card(page, product).locator("p");
  for (const [i, text] of [`${product.key} · on`, lenderLine(product), "Live now:", product.figures].entries())
    await expect(lines.nth(i)).toHaveText(text);
}

/** The product's card: on, its seeded figures live, and the draft's figures if `draft` is given (else no draft). */
async function expectLiveOnly(page: Page, product: Seeded, draft?: string) {
  const item = card(page, product);
  await expect(item.locator("p")).toHaveText([
    `${product.key} · on`,
    lenderLine(product),
    "Live now:",
    product.figures,
    ...(draft ? ["Draft (not live):", draft] : []),
  ]);
  await expect(item.getByRole("button", { name: "Discard the draft" })).toHaveCount(draft ? 1 : 0);
}

async function openEdit(page: Page, product: Seeded) {
  await page.goto("/admin/products");
  await hydrated(page);
  await card(page, product).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${product.name}`);
  await hydrated(page);
}

const rateTo = (page: Page): Locator => page.getByRole("textbox", { name: "Rate to (% a year) (required)", exact: true });
const rateFrom = (page: Page): Locator => page.getByRole("textbox", { name: "Rate from (% a year) (required)", exact: true });
const LEGAL_ERROR = "Above the legal maximum of 20% a year (이자제한법 / 대부업법): refused.";

/** The refusal as the page shows it: the summary, the message under the field and tied to it. */
async function expectRateRefused(page: Page) {
  await expect(page.getByText("Nothing was saved: correct the fields marked below.")).toBeVisible();
  await expect(page.getByText(LEGAL_ERROR)).toBeVisible();
  await expect(rateTo(page)).toHaveAttribute("aria-invalid", "true");
  await expect(rateTo(page)).toHaveAccessibleDescription(LEGAL_ERROR);
  await expect(rateTo(page)).toHaveValue("24");
}

/** A reload of the edit page: still a copy of the live version, with the live rate. */
async function expectNoDraft(page: Page) {
  await page.goto(page.url());
  await expect(page.getByText("You are editing a copy of what is live; saving makes it a draft.")).toBeVisible();
  await expect(rateTo(page)).toHaveValue("19.90");
  await expect(page.getByText(LEGAL_ERROR)).toHaveCount(0);
}

/** What a visitor (no session) or the signed-in preview shows of the general loan's rates on the check. */
async function generalRatesOnCheck(page: Page, path: string) {
  await page.goto(path);
  const general = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: SEEDED[0].name }) });
  await expect(general.getByText("Fits your answers")).toBeVisible();
  return general.getByText(/^Monthly payment with equal monthly payments \(원리금균등\):/).innerText();
}

async function visitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 } });
  return { page: await context.newPage(), close: () => context.close() };
}

test("an administrator opens Loan products from the navigation: the three seeded products, live, axe clean", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Loan products" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Loan products");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(SEEDED.map((p) => p.name));
  for (const product of SEEDED) {
    await expectLive(page, product);
    await expect(card(page, product).getByRole("button", { name: "Switch off" })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Preview the check with the drafts" })).toHaveAttribute(
    "href",
    "/our-products/eligibility?productPreview=1",
  );
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("products-list.png"), fullPage: true });
});

test("a rate above the legal maximum is refused next to its field and nothing is saved; axe clean with the error", async ({ page }) => {
  const savings = SEEDED[2];
  await openEdit(page, savings);
  await expect(rateTo(page)).toHaveValue("19.90");
  await rateTo(page).fill("24");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expectRateRefused(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await rateTo(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("products-edit-refused.png") });
  // "Save and publish" is refused the same way.
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expectRateRefused(page);

  await expectNoDraft(page);
  await page.goto("/admin/products");
  await expectLiveOnly(page, savings);
});

test("a draft is seen only in the console and the preview, and discarded; publishing the live values leaves the check as it was", async ({
  page,
  browser,
  admin: email,
}) => {
  test.setTimeout(60_000);
  const general = SEEDED[0];
  const guest = await visitor(browser);
  const draftFigures = general.figures.replace("13.00–19.90", "12.50–19.90");

  await test.step("a valid draft is saved: a draft on the list, the live figures unchanged", async () => {
    await openEdit(page, general);
    await rateFrom(page).fill("12.50");
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page.getByText("Saved as a draft: not live until published.")).toBeVisible();
    await expect(page.getByText("You are editing the draft.")).toBeVisible();
    await expect(rateFrom(page)).toHaveValue("12.50");
    await page.goto("/admin/products");
    await expectLiveOnly(page, general, draftFigures);
    await page.screenshot({ path: test.info().outputPath("products-list-draft.png"), fullPage: true });
  });

  await test.step("only the signed-in preview shows the draft; visitors see the live rates", async () => {
    expect(await generalRatesOnCheck(page, `${CHECK}&productPreview=1`)).toMatch(/at 12\.5% to [\d,]+ KRW at 19\.9% a year\./);
    expect(await generalRatesOnCheck(guest.page, CHECK)).toMatch(LIVE_GENERAL_RATES);
    expect(await generalRatesOnCheck(guest.page, `${CHECK}&productPreview=1`)).toMatch(LIVE_GENERAL_RATES);
  });

  await test.step("the draft is discarded: the live figures unchanged, the check too", async () => {
    await page.goto("/admin/products");
    await hydrated(page);
    await card(page, general).getByRole("button", { name: "Discard the draft" }).click();
    await expect(page.getByText("Draft discarded.")).toBeVisible();
    await expectLiveOnly(page, general);
    expect(await generalRatesOnCheck(page, `${CHECK}&productPreview=1`)).toMatch(LIVE_GENERAL_RATES);
    expect(await generalRatesOnCheck(guest.page, CHECK)).toMatch(LIVE_GENERAL_RATES);
  });

  await test.step("the live values, published unchanged from the list and from the edit page: audited without a change, the check as before", async () => {
    await openEdit(page, general);
    await expect(page.getByText("You are editing a copy of what is live; saving makes it a draft.")).toBeVisible();
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page.getByText("Saved as a draft: not live until published.")).toBeVisible();
    await page.goto("/admin/products");
    await hydrated(page);
    // Saving without a change keeps everything, the visas' order too (the FAQ's: …, F-5, F-6, F-4).
    await expectLiveOnly(page, general, general.figures);
    await card(page, general).getByRole("button", { name: "Publish the draft" }).click();
    await expect(page.getByText("Published.", { exact: true })).toBeVisible();
    await expectLiveOnly(page, general);

    await openEdit(page, general);
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(page.getByText("Published.", { exact: true })).toBeVisible();
    await expect(page.getByText("You are editing a copy of what is live; saving makes it a draft.")).toBeVisible();
    await page.goto("/admin/products");
    await expectLiveOnly(page, general);
    for (const product of SEEDED) await expectLive(page, product);

    await page.goto("/admin/audit?action=product_publish");
    const rows = page
      .getByRole("row")
      .filter({ hasText: "Published a loan product" })
      .filter({ hasText: email })
      .filter({ hasText: `${general.key}: draft → published, effective now` });
    await expect(rows).toHaveCount(2);
    // No field changed: an audited change reads `field: "old" → "new"`.
    for (const row of await rows.all()) await expect(row).not.toContainText('" → "');
    expect(await generalRatesOnCheck(guest.page, CHECK)).toMatch(LIVE_GENERAL_RATES);
  });

  await guest.close();
});

test("without JavaScript the edit form posts to the server, which answers the refusal next to the field", async ({ page, browser }) => {
  const student = SEEDED[1];
  const { page: noJs, close } = await withoutJavaScript(browser, page);
  await noJs.goto("/admin/products");
  await card(noJs, student).getByRole("link", { name: "Edit" }).click();
  await expect(noJs.getByRole("heading", { level: 1 })).toHaveText(`Edit ${student.name}`);
  await rateTo(noJs).fill("24");
  const answer = noJs.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(new URL(noJs.url()).pathname));
  await noJs.getByRole("button", { name: "Save as draft" }).click();
  expect((await answer).status()).toBe(400);
  await expectRateRefused(noJs);
  await rateTo(noJs).scrollIntoViewIfNeeded();
  await noJs.screenshot({ path: test.info().outputPath("products-edit-refused-nojs.png") });
  await expectNoDraft(noJs);
  await noJs.goto("/admin/products");
  await expectLiveOnly(noJs, student);
  await close();
});

test.describe("an agent", () => {
  test.use({ signedInAs: "agent" });
  test("an agent gets 403 for the products and no link to them", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Loan products" })).toHaveCount(0);
    expect((await page.goto("/admin/products"))?.status()).toBe(403);
    expect((await page.goto("/admin/products/1"))?.status()).toBe(403);
  });
});
