import { axeViolations, hydrated } from "#tests/e2e/fixtures.ts";
import { test, expect, createOperator, english, seed, signIn, withoutJavaScript } from "#tests/e2e/console/fixtures.ts";

/**
 * Issue 52, item 2: an administrator's phone search is an access record; the
 * privacy officer (its own role, its own pages) finds it with the filters and
 * its flag, and signs the period off with findings, with JavaScript and
 * without. At 390×844 (the console project's viewport), axe-clean.
 */
test("the privacy officer reviews a period, finds a phone search by its flag, and signs the period off, with and without JavaScript", async ({
  browser,
}, testInfo) => {
  // Its own administrator and officer (not the worker's shared sessions): two sign-ins.
  test.setTimeout(135_000);
  const admin = `admin-access-${testInfo.workerIndex}-${Date.now()}@example.com`;
  createOperator(admin);
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 390, height: 844 } });
  try {
    await english(adminContext);
    const page = await adminContext.newPage();
    await signIn(page, admin);
    // The administrator searches the inbox by a phone number: recorded, the number masked.
    await page.goto("/admin?q=01098765432");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  } finally {
    await adminContext.close();
  }

  const officer = `officer-${testInfo.workerIndex}-${Date.now()}@example.com`;
  createOperator(officer);
  seed("role", { email: officer, role: "officer" });
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 390, height: 844 } });
  try {
    await english(context);
    const review = await context.newPage();
    await signIn(review, officer);
    // Its sign-in lands on its review; the inbox is not its to see.
    await expect(review).toHaveURL(/\/admin\/access$/);
    await expect(review.getByRole("heading", { level: 1 })).toHaveText("Access records review");
    await expect(review.getByRole("navigation", { name: "Console sections" }).getByRole("link")).toHaveText([
      "Access review",
      "Destruction ledger",
      "My account",
    ]);
    await hydrated(review);

    await review.getByLabel("Operator").selectOption({ label: admin });
    await review.getByLabel("Flag", { exact: true }).selectOption({ label: "Phone search" });
    await review.getByRole("button", { name: "Apply" }).click();
    await expect(review).toHaveURL(/flag=phone_search/);
    const row = review.getByRole("row").filter({ hasText: "010******32" });
    await expect(row.first()).toBeVisible();
    await expect(row.first()).toContainText("Phone search");
    await expect(review.locator("body")).not.toContainText("01098765432");
    expect(await axeViolations(review)).toEqual([]);
    await review.screenshot({ path: testInfo.outputPath("access-review-en.png"), fullPage: true });

    // With JavaScript: the period signed off with its findings.
    const findings = `Phone search ${Date.now()} was a call-back the visitor asked for.`;
    await review.getByLabel("Findings").fill(findings);
    await review.getByRole("button", { name: "Sign off the period" }).click();
    await expect(review.getByText("The period is signed off.")).toBeVisible();
    await expect(
      review.getByRole("region", { name: "Signed-off periods" }).getByRole("listitem").filter({ hasText: findings }),
    ).toContainText(officer);
    expect(await axeViolations(review)).toEqual([]);

    // The destruction ledger: a retention run's row, confirmed by the officer.
    const { id: ledgerId } = seed("ledger", { actor: `system-${Date.now()}`, consultations: 3 });
    await review.getByRole("link", { name: "Destruction ledger" }).first().click();
    await expect(review.getByRole("heading", { level: 1 })).toHaveText("Destruction ledger");
    const ledgerRow = review.getByRole("row").filter({ has: review.getByRole("button", { name: `Confirm #${ledgerId}` }) });
    await expect(ledgerRow).toContainText("consultations 3, privacy rights requests 1");
    expect(await axeViolations(review)).toEqual([]);
    await review.screenshot({ path: testInfo.outputPath("destruction-ledger-en.png"), fullPage: true });
    await ledgerRow.getByRole("button", { name: `Confirm #${ledgerId}` }).click();
    await expect(review.getByText("The destruction is confirmed.")).toBeVisible();
    await expect(review.getByRole("button", { name: `Confirm #${ledgerId}` })).toHaveCount(0);
    await expect(review.getByText(`Confirmed by ${officer}`).first()).toBeVisible();
    await review.getByRole("link", { name: "Access review" }).first().click();
    await expect(review.getByRole("heading", { level: 1 })).toHaveText("Access records review");

    // Without JavaScript: refused without findings, then signed off.
    const noJs = await withoutJavaScript(browser, review);
    try {
      await noJs.page.goto("/admin/access");
      await noJs.page.getByRole("button", { name: "Sign off the period" }).click();
      await expect(noJs.page.getByText("The sign-off was not saved: see the fields below.")).toBeVisible();
      await expect(noJs.page.getByText(/Write what the review found/)).toBeVisible();
      const plain = `Reviewed without scripts ${Date.now()}: nothing unusual.`;
      await noJs.page.getByLabel("Findings").fill(plain);
      await noJs.page.getByLabel("Follow-up").fill("None.");
      await noJs.page.getByRole("button", { name: "Sign off the period" }).click();
      await noJs.page.screenshot({ path: testInfo.outputPath("access-review-signed-nojs-en.png"), fullPage: true });
      await expect(noJs.page.getByText("The period is signed off.")).toBeVisible();
      await expect(noJs.page.getByRole("listitem").filter({ hasText: plain })).toContainText(officer);
      // (axe needs JavaScript in the page: it checked the same markup above.)
    } finally {
      await noJs.close();
    }
  } finally {
    await context.close();
  }
});
