import { readFileSync } from "node:fs";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { test, expect, hydrated } from "#tests/e2e/fixtures.ts";

/** Visitors' rights (issue 16, point 4): the page, in every language, with and without JavaScript. */
const catalog = (lang: Locale, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), "utf8")) as unknown;

test.describe("/privacy-rights", () => {
  for (const lang of LOCALES) {
    test(`${lang}: a person asks to withdraw marketing consent and is told the request was received`, async ({ page }) => {
      const rights = catalog(lang, "rights") as { kinds: Record<string, string>; phone: string; submit: string; sent: string };
      const title = (catalog(lang, "site") as { footer: { rights: string } }).footer.rights;
      await page.goto(`/?lang=${lang}`);
      await page.getByRole("contentinfo").getByRole("link", { name: title }).click();
      await expect(page).toHaveURL(/\/privacy-rights$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await hydrated(page);
      await page.getByRole("radio", { name: rights.kinds.withdraw_marketing }).check();
      await page.getByRole("textbox", { name: rights.phone }).fill("010-3434-5656");
      await page.getByRole("button", { name: rights.submit }).click();
      await expect(page.getByRole("status")).toHaveText(rights.sent);
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the form posts natively and answers in the page, errors under the fields", async ({ page }) => {
      await page.goto("/privacy-rights?lang=en");
      await page.getByRole("button", { name: "Send my request" }).click();
      await expect(page.getByText("Please choose one of the requests.")).toBeVisible();
      await page.getByRole("radio", { name: "Erase my personal information" }).check();
      await page.getByRole("textbox", { name: "The phone number you used" }).fill("01034345656");
      await page.getByRole("button", { name: "Send my request" }).click();
      await expect(page.getByRole("status")).toContainText("We have received your request.");
    });
  });
});
