import type { Page } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english } from "#tests/e2e/console/fixtures.ts";

/**
 * The cash counter as a line of business (issue 47, item 4) at 390×844: an
 * administrator switches it off on the Business page; within seconds the
 * public menu no longer offers "현금계수기 판매·A/S 문의" and /company/hitachi
 * is the site's not-found page with a real 404. Switched on again, it is back
 * (and stays on for the site's other tests).
 */
test.use({ viewport: { width: 390, height: 844 }, signedInAs: "admin" });
test.beforeEach(async ({ context }) => english(context));

const MENU_ITEM = "현금계수기 판매·A/S 문의";

async function switchCounter(page: Page, on: boolean) {
  await page.goto("/admin/business");
  await hydrated(page);
  const lines = page.getByRole("group", { name: "Lines of business" });
  await lines.getByRole("checkbox", { name: "Cash counter sales and A/S" }).setChecked(on);
  await page.getByRole("button", { name: "Save lines of business" }).click();
  await expect(page.getByText("Saved. The site offers the lines of business you chose within seconds.")).toBeVisible();
}

/** The public menu, read again until it does (or does not) offer the item (the content version is checked every 2 s). */
async function expectMenuItem(page: Page, shown: boolean) {
  await expect
    .poll(
      async () => {
        await page.goto("/company/about");
        await hydrated(page);
        await page.getByRole("button", { name: "Open menu" }).click();
        return page.getByRole("dialog").getByRole("link", { name: MENU_ITEM }).count();
      },
      { timeout: 8_000, intervals: [500, 1000, 1000] },
    )
    .toBe(shown ? 1 : 0);
}

test("an administrator switches the cash counter off: the menu item is gone and its page is a 404; on again, both are back", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto("/admin/business");
  await expect(
    page.getByRole("group", { name: "Lines of business" }).getByRole("checkbox", { name: "Cash counter sales and A/S" }),
  ).toBeChecked();
  try {
    await switchCounter(page, false);
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.getByRole("checkbox", { name: "Cash counter sales and A/S" })).not.toBeChecked();
    await expectMenuItem(page, false);
    const response = await page.goto("/company/hitachi");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("iH-110S")).toHaveCount(0);
  } finally {
    await switchCounter(page, true);
  }
  await expectMenuItem(page, true);
  expect((await page.goto("/company/hitachi"))?.status()).toBe(200);
});
