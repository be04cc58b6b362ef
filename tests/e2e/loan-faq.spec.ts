import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";

const PATH = "/information-service/loan-faq";
const CATEGORIES = [
  "Frequently Asked Questions",
  "Loan Eligibility Requirements",
  "Loan Application Process and Timeline",
  "Interest Rates",
  "Required Documents",
  "Loan Repayment",
];

test.describe("Loan FAQ (spec §2 /information-service/loan-faq)", () => {
  test("six category chips switch the questions shown", async ({ page }) => {
    await page.goto(PATH);
    await hydrated(page);
    const chips = page.getByRole("form", { name: "Question topics" }).getByRole("button");
    await expect(chips).toHaveText(CATEGORIES);
    await expect(chips.first()).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: "Interest Rates" }).click();
    await expect(page.getByRole("button", { name: "Interest Rates" })).toHaveAttribute("aria-pressed", "true");
    await expect(chips.first()).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("heading", { level: 2, name: "Interest Rates" })).toBeVisible();
    await expect(page.getByText("What is the interest rate?")).toBeVisible();
    await expect(page.getByText("Who can apply for this loan?")).toHaveCount(0);
    await expect(page).toHaveURL(/category=interest$/);
  });

  test("only one answer is open at a time", async ({ page }) => {
    await page.goto(`${PATH}?category=repayment`);
    await hydrated(page);
    const open = page.locator("details[open]");
    await expect(open).toHaveCount(0);
    await page.getByText("Can I extend the loan?").click();
    await expect(page.getByText("This loan cannot be extended.")).toBeVisible();
    await page.getByText("Can I cancel the loan after I receive the money?").click();
    await expect(
      page.getByText(/within 14 days of the day you receive the contract documents or the loan money, whichever is later/),
    ).toBeVisible();
    await expect(page.getByText("This loan cannot be extended.")).toBeHidden();
    await expect(open).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("describes the shown questions as a schema.org FAQPage", async ({ page }) => {
    await page.goto(`${PATH}?category=interest`);
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("FAQPage");
    const questions = await page.locator("details summary").allTextContents();
    expect(data.mainEntity.map((q: { name: string }) => q.name)).toEqual(questions.map((q) => q.trim()));
    // The rates are the live products' (the seeded ones, 13 % to 19.9 %), written by the server as the product has them (issue 47).
    expect(data.mainEntity[0].acceptedAnswer.text).toMatch(
      /^The interest rate is 13% to 19\.9% per year, and your own rate is within this range\. Your own rate is set by the partner financial company/,
    );
  });

  test("works without JavaScript: ?category= links and the chips post to it", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${PATH}?category=documents`);
    await expect(page.getByRole("button", { name: "Required Documents" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("What documents do I need?")).toBeVisible();
    await page.getByRole("button", { name: "Loan Eligibility Requirements" }).click();
    await expect(page).toHaveURL(/\?category=eligibility$/);
    await expect(page.getByText("Which visas are eligible?")).toBeVisible();
    await page.getByText("Which visas are eligible?").click();
    await expect(page.getByText("E-1, E-2, E-3, E-7, E-9, F-2, F-5, F-6, F-4").first()).toBeVisible();
    await context.close();
  });

  test("reads in Burmese", async ({ page }) => {
    await page.goto(`${PATH}?lang=my`);
    await expect(page.locator("html")).toHaveAttribute("lang", "my");
    await expect(page.getByRole("button", { name: "မေးလေ့ရှိသော မေးခွန်းများ" })).toHaveAttribute("aria-pressed", "true");
  });
});
