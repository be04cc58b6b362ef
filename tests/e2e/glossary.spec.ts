import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";

const PATH = "/information-service/loan";

test.describe("loan glossary chat (spec §2 /information-service/loan)", () => {
  test("shows the six categories of term chips", async ({ page }) => {
    await page.goto(PATH);
    const picker = page.getByRole("form", { name: "Choose a term to ask about" });
    await expect(picker.getByRole("heading", { level: 3 })).toHaveText([
      "Loan Essentials",
      "Loan Limit",
      "Credit",
      "Interest Rates",
      "Repayment Method",
      "Prepayment Fee",
    ]);
  });

  test("tapping a chip appends the visitor's question and the answer, in view, in a polite live log", async ({ page }) => {
    await page.goto(PATH);
    await hydrated(page);
    const log = page.getByRole("log", { name: "Conversation about loan terms" });
    await expect(log).toHaveAttribute("aria-live", "polite");
    await expect(log).not.toContainText("What is principal?");

    await page.getByRole("button", { name: "Principal (원금)" }).click();
    const question = log.getByText("What is principal?");
    await expect(question).toBeVisible();
    await expect(log).toContainText("Principal is the amount of money you actually borrow");
    await expect(question).toBeInViewport();
    await expect(page).toHaveURL(PATH); // no navigation: the answer came from the page's data

    await page.getByRole("button", { name: "Prepayment fee (중도상환수수료)" }).click();
    const latest = log.getByText("What is a prepayment fee?");
    await expect(latest).toBeInViewport();
    await expect(log).toContainText("A prepayment fee is a charge some lenders take");
    // Both exchanges stay, in the order asked.
    const text = (await log.textContent()) ?? "";
    expect(text.indexOf("What is principal?")).toBeLessThan(text.indexOf("What is a prepayment fee?"));
    expect(await axeViolations(page)).toEqual([]);
  });

  test("answers in the reader's language", async ({ page }) => {
    await page.goto(`${PATH}?lang=vi`);
    await hydrated(page);
    await page.getByRole("button", { name: "Tiền gốc (원금)" }).click();
    await expect(page.getByRole("log")).toContainText("Tiền gốc là gì?");
  });

  test("works without JavaScript: the chips post ?term= and the server renders the conversation", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(PATH);
    await page.getByRole("button", { name: "DSR (총부채원리금상환비율)" }).click();
    await expect(page).toHaveURL(/\?term=dsr#latest$/);
    await expect(page.getByRole("log")).toContainText("What is DSR?");
    await page.getByRole("button", { name: "Credit score (신용점수)" }).click();
    await expect(page).toHaveURL(/\?term=dsr&term=credit-score#latest$/);
    await expect(page.getByRole("log")).toContainText("What is DSR?");
    await expect(page.getByRole("log")).toContainText("What is a credit score?");
    await context.close();
  });
});
