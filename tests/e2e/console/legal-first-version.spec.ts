import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english, seoulToday } from "#tests/e2e/console/fixtures.ts";

/**
 * The business's first own legal text (issue 47, item 5) at 390×844: while
 * the privacy policy has only the seed's version, the console says the
 * first-version rule applies and offers today; the administrator saves the
 * business's own text, and a visitor reads it in force at once in the legal
 * modal, with no "a new version takes effect on …" notice anywhere. The next
 * change is bound by the 7-day notice, as the console then says.
 */
test.use({ viewport: { width: 390, height: 844 }, signedInAs: "admin" });
test.beforeEach(async ({ context }) => english(context));

test("an administrator publishes the first own privacy policy effective today; visitors see it in force with no notice", async ({
  page,
  browser,
}) => {
  const today = seoulToday();
  await page.goto("/admin/legal");
  const privacy = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: "Privacy policy" }) });
  await expect(privacy).toContainText("First version: this document still shows the sample text the install came with");
  await privacy.getByRole("link", { name: "Write a new version" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "New version: Privacy policy" })).toBeVisible();
  await hydrated(page);
  const date = page.getByLabel("Takes effect on (Korea date)");
  await expect(date).toHaveValue(today);
  await expect(date).toHaveAccessibleDescription(
    `Leave today (${today}) and it takes effect as you save it. To announce it first and start later, choose ${addDays(today, 7)} or later (${addDays(today, 30)} or later for a significant change).`,
  );
  await page
    .getByLabel("English")
    .fill("Effective date: {effectiveDate}\n\n## 1. Our own privacy policy\n\nHow {businessName} handles what you send us.");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Save the first version" }).click();
  await expect(page.getByText("The business's first own version is in force from today. The site shows it now.")).toBeVisible();
  await expect(privacy).toContainText("7 days' notice: this document already has a version the business wrote.");
  await page.screenshot({ path: "test-results/legal-first-version-console.png", fullPage: true });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-US" });
  try {
    const visitor = await context.newPage();
    const dialog = visitor.getByRole("dialog");
    // Every instance drops its kept texts within seconds of the change (ADR 0021).
    await expect(async () => {
      await visitor.goto("/?policy=privacy");
      await expect(dialog).toContainText("Our own privacy policy", { timeout: 500 });
    }).toPass({ timeout: 6000 });
    await expect(dialog).toContainText("How Sample Brokerage Co., Ltd. (샘플중개 주식회사) handles what you send us.");
    await expect(dialog).toContainText(`Effective date: ${englishDay(today)}`);
    await expect(dialog.getByRole("combobox")).toHaveValue(today);
    await expect(dialog.getByRole("combobox").locator("option", { hasText: englishDay(today) })).toHaveText(
      `${englishDay(today)} (in force)`,
    );
    await expect(visitor.getByText(/takes effect on/)).toHaveCount(0);
    await expect(visitor.getByRole("complementary", { name: "Coming changes to our policies" })).toHaveCount(0);
    await visitor.screenshot({ path: "test-results/legal-first-version-modal.png" });
  } finally {
    await context.close();
  }
});

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The day as the English text writes it (formatDay): "November 30, 2026". */
function englishDay(day: string): string {
  return new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
