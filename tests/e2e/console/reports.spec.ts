import { axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english } from "#tests/e2e/console/fixtures.ts";

/**
 * Reports (issue 26, item 4) at 390×844: an administrator reads them from the
 * console's navigation; the period form works without JavaScript; every
 * figure is a real table (caption, column and row headers); an agent gets 403.
 * The administrator and the agent are the worker's, signed in once.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.beforeEach(async ({ context }) => english(context));

test.describe("an administrator", () => {
  test.use({ signedInAs: "admin" });
  test("an administrator reads the reports: tables with headers, axe clean", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Reports" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");
    for (const name of [
      "Requests per stage",
      "Closed reasons",
      "Time to the first call",
      "Attempts until someone was reached",
      "Call outcomes",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    const stages = page.getByRole("table").first();
    await expect(stages.getByRole("columnheader", { name: "Reached" })).toBeVisible();
    await expect(stages.getByRole("rowheader", { name: "With lender" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download the whole pipeline (CSV)" })).toHaveAttribute(
      "href",
      /\/admin\/reports\/pipeline\.csv\?from=/,
    );
    expect(await axeViolations(page)).toEqual([]);
    // Nothing wider than the phone: the tables' words wrap, their numbers do not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("reports.png"), fullPage: true });
  });

  test("without JavaScript, the period and split form is a GET form: splitting by language adds a table per language", async ({
    page,
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      storageState: await page.context().storageState(),
    });
    const noJs = await context.newPage();
    await noJs.goto("/admin/reports");
    await noJs.getByLabel("From", { exact: true }).fill("2026-01-01");
    await noJs.getByLabel("To", { exact: true }).fill("2026-01-31");
    await noJs.getByLabel("Split by").selectOption("lang");
    await noJs.getByRole("button", { name: "Show" }).click();
    await expect(noJs).toHaveURL(/from=2026-01-01&to=2026-01-31&by=lang/);
    await expect(noJs.getByRole("status")).toContainText("2026-01-01 – 2026-01-31");
    await expect(noJs.getByRole("table", { name: /^Language: Vietnamese/ })).toHaveCount(5);
    expect(await noJs.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noJs.screenshot({ path: test.info().outputPath("reports-by-lang.png"), fullPage: true });
    await context.close();
  });
});

test.describe("an agent", () => {
  test.use({ signedInAs: "agent" });
  test("an agent gets 403 for the reports and their CSV, and no link to them", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Reports" })).toHaveCount(0);
    expect((await page.goto("/admin/reports"))?.status()).toBe(403);
    expect((await page.request.get("/admin/reports/pipeline.csv", { maxRedirects: 0 })).status()).toBe(403);
  });
});
