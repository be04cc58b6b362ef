import { readFileSync } from "node:fs";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { test, expect, hydrated } from "#tests/e2e/fixtures.ts";

/** Visitors' rights (issue 16, point 4): the page, in every language, with and without JavaScript. */
const catalog = (lang: Locale, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), "utf8")) as unknown;

test.describe("/privacy-rights", () => {
  for (const lang of LOCALES) {
    test(`${lang}: a person asks to withdraw marketing consent and is told the request was received`, async ({ page }) => {
      const rights = catalog(lang, "rights") as {
        kinds: Record<string, string>;
        phone: string;
        submit: string;
        sentWithin: { other: string };
        sentPrivacy: string;
      };
      const title = (catalog(lang, "site") as { footer: { rights: string } }).footer.rights;
      await page.goto(`/?lang=${lang}`);
      await page.getByRole("contentinfo").getByRole("link", { name: title }).click();
      await expect(page).toHaveURL(/\/privacy-rights$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await hydrated(page);
      await page.getByRole("radio", { name: rights.kinds.withdraw_marketing }).check();
      await page.getByRole("textbox", { name: rights.phone }).fill("010-3434-5656");
      await page.getByRole("button", { name: rights.submit }).click();
      // A marketing withdrawal: the law's 10 days (deadlines.ts), and the privacy sentence.
      await expect(page.getByRole("status")).toHaveText(`${rights.sentWithin.other.replace("{count}", "10")} ${rights.sentPrivacy}`);
    });
  }

  // Issue 37: the confirmation names the deadline of the kind that was sent, the figures the
  // deadlines page and the status page use (access 8, withdrawal 10, complaint 14; an erasure first
  // asks for the code texted to the number, ADR 0049: phone-proof.spec.ts).
  for (const lang of ["en", "my", "mn"] as const) {
    test(`${lang}: each kind's confirmation names its own deadline`, async ({ page }) => {
      const rights = catalog(lang, "rights") as {
        kinds: Record<string, string>;
        deadline: { kinds: Record<string, string>; message: string };
        phone: string;
        submit: string;
        sentWithin: { other: string };
        sentPrivacy: string;
      };
      const kinds = [
        { label: rights.deadline.kinds.access!, days: 8, privacy: true },
        { label: rights.kinds.withdraw_marketing!, days: 10, privacy: true },
        { label: rights.deadline.kinds.complaint!, days: 14, privacy: false },
      ];
      for (const [i, kind] of kinds.entries()) {
        await page.goto(`/privacy-rights?lang=${lang}`);
        await hydrated(page);
        await page.getByRole("radio", { name: kind.label }).check();
        await page.getByRole("textbox", { name: rights.phone }).fill(`0105757${["en", "my", "mn"].indexOf(lang)}${i}00`);
        if (!kind.privacy) await page.getByRole("textbox", { name: rights.deadline.message }).fill("The call came at night.");
        await page.getByRole("button", { name: rights.submit }).click();
        const within = rights.sentWithin.other.replace("{count}", String(kind.days));
        await expect(page.getByRole("status").first()).toHaveText(kind.privacy ? `${within} ${rights.sentPrivacy}` : within);
        if (i === 0) await page.screenshot({ path: `test-results/status/rights-sent-${lang}.png`, fullPage: true });
      }
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the form posts natively and answers in the page, errors under the fields", async ({ page }) => {
      await page.goto("/privacy-rights?lang=en");
      await page.getByRole("button", { name: "Send my request" }).click();
      await expect(page.getByText("Please choose one of the requests.")).toBeVisible();
      await page.getByRole("radio", { name: "Withdraw my marketing consent" }).check();
      await page.getByRole("textbox", { name: "The phone number you used" }).fill("01034345656");
      await page.getByRole("button", { name: "Send my request" }).click();
      await expect(page.getByRole("status")).toContainText("We have received your request and will answer it within 10 days");
    });
  });
});
