import { readFileSync } from "node:fs";
import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { earliestExpiryFor } from "#app/features/repayment/term-cap.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";

/**
 * The eligibility check (issue 27): a GET form whose answers live in the
 * URL; the server renders the answer without JavaScript, the browser updates
 * it as the visitor types; every live product fits or says why not; never a
 * promise; in all five languages.
 */
const PATH = "/our-products/eligibility";
const SHOTS = "/tmp/shots-27";
/** E-9, 9 months at work, 30 M KRW a year, 5 M KRW over 24 months, a visa to 2035: the two loans for workers fit, the student loan does not. */
const FITS_TWO = "visa=E-9&expiry=20350101&employed_months=9&employment=standard&income=30000000&amount=5000000&months=24";

type Catalog = Record<string, Record<string, unknown>>;
const catalog = (lang: Locale): Catalog => JSON.parse(readFileSync(`locales/${lang}/eligibility.json`, "utf8")) as Catalog;
const plural = (value: unknown) => (typeof value === "string" ? value : (value as { other: string }).other);
const fill = (template: string, vars: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k]));

test.describe("eligibility check (issue 27)", () => {
  test("with JavaScript the answer follows the typing, and the URL keeps the answers", async ({ page }) => {
    await page.goto(PATH);
    await hydrated(page);
    await expect(page.getByText("Answer the questions above")).toBeVisible();
    await page.getByLabel("Visa type").selectOption("E-9");
    // A field typed wrong says so at once; the untouched ones stay quiet.
    await page.getByRole("textbox", { name: /^Visa expiry date/ }).fill("2035");
    await expect(page.getByText("Enter a real date as YYYY/MM/DD, e.g. 2027/03/15.")).toBeVisible();
    await expect(page.getByText("Enter the term in months, from 1 to 480.")).toHaveCount(0);
    await page.getByRole("textbox", { name: /^Visa expiry date/ }).fill("20350101");
    await page.getByLabel("Months with your current employer").fill("9");
    await page.getByLabel("Employee with a standard employment contract").check();
    await page.getByLabel("Annual income (KRW)").fill("30,000,000");
    await page.getByLabel("Loan amount you want (KRW)").fill("5000000");
    await page.getByLabel("Loan term you want (months)").fill("24");
    await expect(page.getByText("Loans that fit your answers: 2 of 3.")).toBeVisible();
    await expect(page).toHaveURL(
      /visa=E-9&expiry=20350101&employed_months=9&employment=standard&income=30%2C000%2C000&amount=5000000&months=24$/,
    );

    const general = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Regional bank general loan" }) });
    await expect(general.getByText("Fits your answers")).toBeVisible();
    await expect(
      general.getByText(
        /Monthly payment with equal monthly payments \(원리금균등\): about [\d,]+ KRW at 13% to [\d,]+ KRW at 19\.9% a year\./,
      ),
    ).toBeVisible();
    await expect(general.getByRole("link", { name: "See the whole repayment schedule" })).toHaveAttribute(
      "href",
      "/our-products/repayment-calculator?amount=5000000&rate=19.90&months=24&method=annuity&product=regional-bank-general",
    );
    const student = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Regional bank student loan" }) });
    await expect(student.getByText("Does not fit")).toBeVisible();
    await expect(student.getByText("Your visa type is E-9; this lender accepts only D-2.")).toBeVisible();

    // The visa ends in 12 months, too soon for 24 months plus 6: the stay rule says so with the visitor's figures.
    const today = todayInSeoul();
    await page.getByRole("textbox", { name: /^Visa expiry date/ }).fill(earliestExpiryFor(today, 12, 0).replaceAll("-", ""));
    await expect(page.getByText("None of our partners' loans fits your answers right now.")).toBeVisible();
    await expect(
      general.getByText(
        /^Months left on your visa: 12\. This lender needs 6 of them left after the loan ends, so a 24-month loan does not fit\.$/,
      ),
    ).toBeVisible();
    const until = earliestExpiryFor(today, 24, 6).replaceAll("-", "/");
    await expect(
      general.getByText(`What would change it: a shorter term (in months, at most 6) or a visa extended to ${until} or later.`),
    ).toBeVisible();
    for (const line of [/This is not an approval and not a promise/, /We never charge you any fee/, /within 14 days/])
      await expect(page.getByText(line)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("an unknown expiry says what the expiry must be at least; nothing fitting says so and what would change it", async ({ page }) => {
    await page.goto(`${PATH}?${FITS_TWO.replace("20350101", "unknown")}`);
    await hydrated(page);
    await expect(page.getByLabel("I don't know my visa expiry date")).toBeChecked();
    await expect(page.getByText(/it must be \d{4}\/\d\d\/\d\d or later \(a 6-month stay left after the loan ends\)/).first()).toBeVisible();

    await page.goto(`${PATH}?visa=E-9&expiry=unknown&employed_months=2&employment=standard&income=30000000&amount=5000000&months=24`);
    await expect(page.getByText("None of our partners' loans fits your answers right now.")).toBeVisible();
    await expect(page.getByText("What would change it: after 4 more months with your employer.").first()).toBeVisible();
  });

  for (const javaScript of [true, false]) {
    test(`"Ask for a consultation with these answers" fills in visa and expiry, still editable (JavaScript ${javaScript ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${PATH}?${FITS_TWO}`);
      if (javaScript) await hydrated(page);
      await page.getByRole("link", { name: "Ask for a consultation with these answers" }).click();
      await expect(page).toHaveURL(/\/loan-consultation\?visa=E-9&expiry=20350101/);
      if (javaScript) await hydrated(page);
      await expect(page.getByLabel("Visa type")).toHaveValue("E-9");
      await expect(page.getByRole("textbox", { name: /Expiry date/ })).toHaveValue("2035/01/01");
      await expect(page.getByText("Loans that fit your answers: 2 of 3.")).toBeVisible();
      const share = page.getByRole("checkbox", { name: /Send my check answers/ });
      await expect(share).not.toBeChecked();
      await page.getByLabel("Visa type").selectOption("F-2");
      await expect(page.getByLabel("Visa type")).toHaveValue("F-2");
      await page.screenshot({ path: `${SHOTS}/consultation-from-check-${javaScript ? "js" : "nojs"}.png`, fullPage: true });
      if (javaScript) expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  test("the menu, the home hero, the FAQ's eligibility category and the consultation form lead to it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Check which loans fit you" }).click();
    await expect(page).toHaveURL(PATH);
    await page.goto("/information-service/loan-faq?category=eligibility");
    await expect(page.getByRole("link", { name: "Check these conditions against your own visa, job and income" })).toHaveAttribute(
      "href",
      PATH,
    );
    await page.goto("/loan-consultation");
    await expect(page.getByRole("link", { name: "Not sure a loan fits you? Check first." })).toHaveAttribute("href", PATH);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: /menu/i }).click();
    await expect(page.getByRole("link", { name: "Which loans fit me?" })).toHaveAttribute("href", PATH);
  });

  for (const lang of LOCALES) {
    test(`without JavaScript in ${lang}: the server renders the answer, and bad values get their field's message`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const t = catalog(lang);
      const response = await page.goto(`${PATH}?lang=${lang}&${FITS_TWO}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByText(fill(plural(t.answer!.summary), { fits: 2, total: 3 }))).toBeVisible();
      await expect(page.locator('[data-fits="true"]')).toHaveCount(2);
      await expect(page.getByText(String(t.fineprint!.lenderDecides))).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/eligibility-answer-${lang}.png`, fullPage: true });

      // The form posts (GET) to itself: a bad value comes back with its message, never a 4xx page.
      await page.getByLabel(String(t.form!.months)).fill("0");
      await page.getByRole("button", { name: String(t.form!.submit) }).click();
      await expect(page).toHaveURL(/months=0/);
      await expect(page.getByText(String(t.errors!.months))).toBeVisible();
      await expect(page.locator('[data-fits="true"]')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/eligibility-error-${lang}.png`, fullPage: true });
      await context.close();
    });
  }

  for (const lang of ["my", "mn"] as const) {
    test(`screenshot with JavaScript in ${lang} (the Burmese font loads where the phone has none)`, async ({ page }) => {
      await page.goto(`${PATH}?lang=${lang}&${FITS_TWO}`);
      await hydrated(page);
      await expect(page.locator('[data-fits="true"]')).toHaveCount(2);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${SHOTS}/eligibility-answer-js-${lang}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("the empty form is the same for everyone (a shared page); no name or phone is asked", async ({ page }) => {
    await page.goto(PATH);
    const again = await page.request.get(PATH);
    expect(again.headers()["x-page-cache"]).toBe("hit");
    await expect(page.getByLabel(/name/i)).toHaveCount(0);
    await expect(page.getByLabel(/phone/i)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/eligibility-form-en.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // Every field's message at once after a "Check" with nothing typed.
    await hydrated(page);
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByText("Please select your visa type.")).toBeVisible();
    await expect(page.getByText("Enter the term in months, from 1 to 480.")).toBeVisible();
    await expect(page.getByLabel("Visa type")).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });
});
