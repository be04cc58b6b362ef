import { test, expect, axeViolations, hydrated, ROUTES } from "#tests/e2e/fixtures.ts";

test.describe("accessibility (axe-core, no violation of moderate impact or more)", () => {
  for (const route of ROUTES) {
    test(`${route.path}`, async ({ page }) => {
      await page.goto(route.path);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
  test("the open menu", async ({ page }) => {
    await page.goto("/");
    // The menu button works once the page's JavaScript runs (it loads after the first paint).
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
  test("a page in Burmese", async ({ page }) => {
    await page.goto("/company/about?lang=my");
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("the axe helper fails on moderate violations and only notes minor ones", async ({ page }) => {
  // A skipped heading level (heading-order, moderate), text outside every
  // landmark (region, moderate) and an image repeating its link's text (minor).
  await page.setContent(
    '<!doctype html><html lang="en"><title>t</title><main><h1>Title</h1><h3>Skipped a level</h3><a href="/"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Home">Home</a></main><p>Outside the landmarks</p></html>',
  );
  const violations = await axeViolations(page);
  expect(violations.map((line) => line.split(" ")[0])).toEqual(["heading-order", "region"]);
  expect(test.info().annotations).toContainEqual({
    type: "axe minor",
    description: expect.stringMatching(/^image-redundant-alt \(minor\)/),
  });
});
