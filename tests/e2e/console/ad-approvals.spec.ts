import type { Page } from "@playwright/test";
import { axeViolations, hydrated } from "#tests/e2e/fixtures.ts";
import { test, expect, english, withoutJavaScript } from "#tests/e2e/console/fixtures.ts";

/**
 * A loan product's ad approvals in the console (issue 35) at 390×844:
 * publishing without the lender's confirmation number, or with a review
 * whose validity has passed, is refused with each message beside its field,
 * with and without JavaScript, and nothing is saved; the seeded products are
 * marked as carrying sample approvals. Only refusals here: the live products
 * other specs read are never changed.
 */
test.use({ viewport: { width: 390, height: 844 }, signedInAs: "admin" });
test.beforeEach(async ({ context }) => english(context));

const NAME = "Savings bank loan";
const confirmNo = (page: Page) => page.getByLabel("Lender's confirmation no. (확인필)");
const reviewUntil = (page: Page) => page.getByLabel("Review valid until");

async function refuse(page: Page, javaScript: boolean) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${NAME}`);
  await expect(confirmNo(page)).toHaveValue("샘플-S-0001");
  await confirmNo(page).fill("");
  await reviewUntil(page).fill("2020-01-31");
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Save and publish" }).click();
  if (!javaScript) expect((await answer).status()).toBe(400);
  await expect(page.getByText("Nothing was saved: correct the fields marked below.")).toBeVisible();
  await expect(confirmNo(page)).toHaveAttribute("aria-invalid", "true");
  await expect(confirmNo(page)).toHaveAccessibleDescription(/Required to publish\./);
  await expect(reviewUntil(page)).toHaveAccessibleDescription("This date has passed: publishing is refused.");
  // Nothing saved: a reload edits the live version again, its numbers intact.
  await page.goto(page.url());
  await expect(page.getByText("You are editing a copy of what is live; saving makes it a draft.")).toBeVisible();
  await expect(confirmNo(page)).toHaveValue("샘플-S-0001");
}

async function openEdit(page: Page) {
  await page.goto("/admin/products");
  await expect(page.getByText("sample approvals: replace before going live").first()).toBeVisible();
  await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name: NAME }) })
    .getByRole("link", { name: "Edit" })
    .click();
}

test("publishing a product without its confirmation number or past its review's validity is refused beside the fields", async ({
  page,
}) => {
  await openEdit(page);
  await hydrated(page);
  await refuse(page, true);
  await confirmNo(page).fill("");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await confirmNo(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("product-approvals-refused.png") });
  expect(await axeViolations(page)).toEqual([]);
});

test("without JavaScript the server answers the same refusal beside the fields", async ({ page, browser }) => {
  const { page: noJs, close } = await withoutJavaScript(browser, page);
  await openEdit(noJs);
  await refuse(noJs, false);
  await close();
});
