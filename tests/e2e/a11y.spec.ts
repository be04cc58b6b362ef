import { test, expect, axeViolations, ROUTES } from "#tests/e2e/fixtures.ts";

test.describe("accessibility (axe-core, no serious or critical violation)", () => {
  for (const route of ROUTES) {
    test(`${route.path}`, async ({ page }) => {
      await page.goto(route.path);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
  test("the open menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
  test("a page in Burmese", async ({ page }) => {
    await page.goto("/company/about?lang=my");
    expect(await axeViolations(page)).toEqual([]);
  });
});
