import type { Browser, Page } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english, seoulToday, withoutJavaScript } from "#tests/e2e/console/fixtures.ts";

/**
 * Legal documents as dated versions (issue 36, item 3) at 390×844: the
 * console refuses a notice period shorter than 7 days beside the field
 * (with and without JavaScript) and saves nothing; a version an
 * administrator schedules is announced above the footer of every page in
 * the visitor's language, and the visitor reads the new text and the one in
 * force from the legal modal, with and without JavaScript, axe clean. The
 * test schedules the complaint policy (which no other console test reads)
 * and withdraws it at the end, so the public specs find it as seeded.
 */
test.use({ viewport: { width: 390, height: 844 }, signedInAs: "admin" });
test.beforeEach(async ({ context }) => english(context));

const plusDays = (n: number) => {
  const [y, m, d] = seoulToday().split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

async function newVersionForm(page: Page) {
  await page.goto("/admin/legal/new?kind=complaint");
  await expect(page.getByRole("heading", { level: 1, name: "New version: User complaint handling policy" })).toBeVisible();
}

async function complaintVersions(page: Page) {
  await page.goto("/admin/legal");
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: "User complaint handling policy" }) });
}

/** Nothing saved: the list has no version of those dates (another test may schedule its own meanwhile). */
async function expectNoVersionOn(page: Page, days: string[]) {
  const versions = await complaintVersions(page);
  await expect(versions.getByRole("listitem").first()).toBeVisible();
  for (const day of days) await expect(versions).not.toContainText(day);
}

test("the form refuses a date sooner than 7 days beside the field and saves nothing", async ({ page }) => {
  await newVersionForm(page);
  // Typed once React has hydrated the form: one CI run previewed the untouched text, most likely a fill made while hydrating.
  await hydrated(page);
  await hydrated(page);
  const date = page.getByLabel("Takes effect on (Korea date)");
  await date.fill(plusDays(3));
  await page.getByRole("button", { name: "Save the first version" }).click();
  await expect(page.getByText("Nothing was saved: correct the fields marked below.")).toBeVisible();
  // The complaint policy has only the seed's version: today or 7 days out, nothing between.
  await expect(date).toHaveAccessibleDescription(/Not this date: the business's first own version takes effect either today or/);
  await expect(date).toHaveValue(plusDays(3));
  await expect(date).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/legal-console-refused.png" });
  await expectNoVersionOn(page, [plusDays(3)]);
});

test("without JavaScript, a significant change sooner than 30 days is refused beside the field and nothing is saved", async ({
  page,
  browser,
}) => {
  const plain = await withoutJavaScript(browser, page);
  try {
    await newVersionForm(plain.page);
    await plain.page.getByLabel("Significant change (30 days' notice instead of 7)").check();
    await plain.page.getByLabel("Takes effect on (Korea date)").fill(plusDays(20));
    await plain.page.getByRole("button", { name: "Save the first version" }).click();
    await expect(plain.page.getByLabel("Takes effect on (Korea date)")).toHaveAccessibleDescription(
      /announced first, 7 days from today at the earliest \(30 days for a significant change\)/,
    );
    await expect(plain.page.getByLabel("Significant change (30 days' notice instead of 7)")).toBeChecked();
    await expectNoVersionOn(plain.page, [plusDays(20)]);
  } finally {
    await plain.close();
  }
});

/** A visitor's page of the site (no operator cookies), in English. */
async function visitor(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 }, locale: "en-US" });
  return { page: await context.newPage(), close: () => context.close() };
}

/**
 * One scheduled version, read by a visitor with and without JavaScript (in
 * order, in one worker); withdrawn at the end so the public specs find the
 * complaint policy as seeded.
 */
test.describe.serial("a coming change", () => {
  const day = plusDays(8);

  test.afterAll(async ({ browser, adminSession }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies(adminSession.cookies);
    await english(context);
    const page = await context.newPage();
    const versions = await complaintVersions(page);
    const scheduled = versions.getByRole("listitem").filter({ hasText: day });
    if (await scheduled.count()) {
      await scheduled.getByRole("button", { name: "Withdraw this version" }).click();
      await expect(page.getByText("The scheduled version is withdrawn.")).toBeVisible();
    }
    await context.close();
  });

  test("an administrator writes it with a preview and schedules it", async ({ page }) => {
    await newVersionForm(page);
    // Typed once React has hydrated the form: one CI run previewed the untouched text, most likely a fill made while hydrating.
    await hydrated(page);
    await page.getByLabel("Takes effect on (Korea date)").fill(day);
    await page.getByLabel("English").fill("## What changes\n\nThe new complaint policy of {businessName}.");
    await page.getByLabel("Preview in").selectOption("en");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview: English" })).toContainText(
      "The new complaint policy of Sample Brokerage Co., Ltd.",
    );
    await page.getByRole("button", { name: "Save the first version" }).click();
    await expect(page.getByText("The new version is scheduled.")).toBeVisible();
    await expect((await complaintVersions(page)).getByRole("listitem").filter({ hasText: day })).toContainText(
      "scheduled, not in force yet",
    );
    await page.screenshot({ path: "test-results/legal-console-list.png", fullPage: true });
  });

  test("a visitor sees it announced above the footer and reads both versions from the modal", async ({ browser }) => {
    const reader = await visitor(browser);
    try {
      const p = reader.page;
      const notice = p.getByRole("complementary", { name: "Coming changes to our policies" });
      // Every instance drops its kept pages within seconds of the change (ADR 0021).
      await expect(async () => {
        await p.goto("/company/about");
        await expect(notice).toContainText(`User complaint handling policy: a new version takes effect on ${englishDay(day)}.`, {
          timeout: 500,
        });
      }).toPass({ timeout: 6000 });
      await hydrated(p);
      await notice.getByRole("link", { name: "Read the new version" }).click();
      const dialog = p.getByRole("dialog", { name: "User complaint handling policy" });
      await expect(dialog.getByRole("region")).toContainText("The new complaint policy of Sample Brokerage Co., Ltd.");
      const select = dialog.getByRole("combobox", { name: "Version" });
      await expect(select).toHaveValue(day);
      await expect(select.locator("option")).toHaveText(["May 8, 2023 (in force)", `${englishDay(day)} (coming)`]);
      await expect(dialog).toContainText(`This version takes effect on ${englishDay(day)}.`);
      expect(await axeViolations(p)).toEqual([]);
      await p.screenshot({ path: "test-results/legal-modal-coming.png" });
      // With JavaScript, choosing a version opens it at once (no button).
      await expect(dialog.getByRole("button", { name: "Show" })).toBeHidden();
      await select.selectOption("2023-05-08");
      await expect(p).toHaveURL(/version=2023-05-08/);
      await expect(dialog.getByRole("region")).not.toContainText("The new complaint policy");
      await expect(dialog.getByRole("region")).toContainText("complaint");
      await expect(dialog).toContainText(`A new version takes effect on ${englishDay(day)}.`);
    } finally {
      await reader.close();
    }
  });

  // Issue 50: the notice and the modal's version lines in Burmese and Mongolian write the day out, with the
  // documents' own word for "takes effect" (အာဏာတည်, not အသက်ဝင်) and no ending glued to the date.
  for (const [lang, words] of [
    ["my", "အာဏာတည်ပါမည်"],
    ["mn", "хүчин төгөлдөр"],
  ] as const)
    test(`${lang}: the notice and the version lines, the day written out`, async ({ browser }) => {
      const reader = await visitor(browser);
      try {
        const p = reader.page;
        const written = new Intl.DateTimeFormat(lang === "my" ? "my-u-nu-latn" : "mn", {
          dateStyle: lang === "mn" ? "medium" : "long",
          timeZone: "UTC",
        }).format(new Date(`${day}T00:00:00Z`));
        await p.goto(`/company/about?lang=${lang}`);
        const notice = p.locator("aside").filter({ hasText: written });
        await expect(notice).toBeVisible();
        await expect(notice).toContainText(words);
        await expect(notice).not.toContainText(day);
        await p.goto(`/company/about?lang=${lang}&policy=complaint&version=${day}`);
        const dialog = p.getByRole("dialog");
        await expect(dialog).toContainText(written);
        await expect(dialog.getByRole("combobox").locator("option").last()).toContainText(written);
        expect(await axeViolations(p)).toEqual([]);
        await p.screenshot({ path: `test-results/language/legal-version-${lang}.png` });
        await p.goto(`/company/about?lang=${lang}`);
        await notice.scrollIntoViewIfNeeded();
        await p.screenshot({ path: `test-results/language/legal-notice-line-${lang}.png` });
      } finally {
        await reader.close();
      }
    });

  test("without JavaScript, the same notice, and each version opens from the list", async ({ browser }) => {
    const plain = await visitor(browser, false);
    try {
      const q = plain.page;
      await q.goto("/loan-consultation");
      await expect(q.getByRole("complementary", { name: "Coming changes to our policies" })).toContainText(englishDay(day));
      await q.goto("/loan-consultation?policy=complaint");
      const dialog = q.getByRole("dialog", { name: "User complaint handling policy" });
      await dialog.getByRole("combobox", { name: "Version" }).selectOption(day);
      await dialog.getByRole("button", { name: "Show" }).click();
      await expect(q).toHaveURL(new RegExp(`/loan-consultation\\?policy=complaint&version=${day}$`));
      await expect(dialog.getByRole("region")).toContainText("The new complaint policy");
      await q.screenshot({ path: "test-results/legal-modal-coming-nojs.png" });
      await dialog.getByRole("link", { name: "Read the version in force" }).click();
      await expect(dialog.getByRole("region")).not.toContainText("The new complaint policy");
      await expect(dialog).toContainText(`A new version takes effect on ${englishDay(day)}.`);
    } finally {
      await plain.close();
    }
  });
});

/** The day as the English lines write it (the server's formatDay; issue 50, X3): "December 7, 2026". */
function englishDay(day: string): string {
  return new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
