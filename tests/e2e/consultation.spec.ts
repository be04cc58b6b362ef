import { mkdirSync } from "node:fs";
import type { Page, Request } from "@playwright/test";
import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { countRows } from "#tests/support/e2e-db.ts";

const API = (url: URL) => url.pathname === "/svc/answer/create";
const SHOTS = "/tmp/shots-4";

const requiredBox = (page: Page) => page.getByRole("checkbox", { name: /collection and use of personal information/ });
const submit = (page: Page) => page.getByRole("button", { name: /Request a consultation|Submitting…/ });
const dateField = (page: Page) => page.getByRole("textbox", { name: /^Expiry date/ });
const field = (page: Page, name: string | RegExp) => page.getByRole("textbox", { name });

async function fill(page: Page, { phone = "010-1234-5678" }: { phone?: string } = {}) {
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByLabel("Visa type").selectOption("E-9");
  await page.getByRole("radio", { name: "Enter the date" }).check();
  await dateField(page).fill("20270315");
  await field(page, /^Nationality/).fill("Viet Nam");
  await field(page, /^Full name/).fill("NGUYEN VAN A");
  await field(page, /^Phone number/).fill(phone);
  await requiredBox(page).check();
}

async function expectFilled(page: Page) {
  await expect(page.getByRole("radio", { name: "Yes" })).toBeChecked();
  await expect(page.getByLabel("Visa type")).toHaveValue("E-9");
  await expect(page.getByRole("radio", { name: "Enter the date" })).toBeChecked();
  await expect(dateField(page)).toHaveValue("2027/03/15");
  await expect(field(page, /^Nationality/)).toHaveValue("Viet Nam");
  await expect(field(page, /^Full name/)).toHaveValue("NGUYEN VAN A");
  await expect(field(page, /^Phone number/)).toHaveValue("01012345678");
  await expect(requiredBox(page)).toBeChecked();
}

async function openForm(page: Page, path = "/loan-consultation") {
  await page.goto(path);
  await hydrated(page);
}

test.describe("loan consultation form (spec §2, §4, §5)", () => {
  test("every message appears and clears as specified", async ({ page }) => {
    await openForm(page);
    const notice = page.getByText("Please agree to the collection and use of personal information to proceed.");
    const twoOptions = page.getByText("Please select one of the two options.");
    const required = page.getByText("This field is required.");

    // Disabled while the required consent is unticked, and says why.
    await expect(submit(page)).toBeDisabled();
    await expect(notice).toBeVisible();
    await requiredBox(page).check();
    await expect(submit(page)).toBeEnabled();
    await expect(notice).toBeHidden();

    await submit(page).click();
    await expect(twoOptions).toHaveCount(2);
    await expect(page.getByText("Please select a required option.")).toBeVisible();
    await expect(required).toHaveCount(3);
    await expect(page.getByRole("alert")).toHaveText("Please check the fields marked in red.");
    await expect(page.getByRole("radio", { name: "Yes" })).toBeFocused();
    // Errors are red and tied to their control.
    const visaError = page.getByText("Please select a required option.");
    expect(await visaError.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(198, 40, 40)");
    await expect(page.getByLabel("Visa type")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Visa type")).toHaveAccessibleDescription("Please select a required option.");

    // Editing a field clears its error.
    await page.getByRole("radio", { name: "No", exact: true }).check();
    await expect(twoOptions).toHaveCount(1);
    await page.getByLabel("Visa type").selectOption("Others");
    await expect(visaError).toBeHidden();
    await field(page, /^Nationality/).fill("Indonesia");
    await field(page, /^Full name/).fill("SITI");
    await expect(required).toHaveCount(1);

    // Choosing 'date' clears the expiry choice error; an empty date is refused.
    await page.getByRole("radio", { name: "Enter the date" }).check();
    await expect(twoOptions).toHaveCount(0);
    await submit(page).click();
    await expect(page.getByText("Please enter the expiry date.")).toBeVisible();
    await dateField(page).pressSequentially("202702");
    await expect(page.getByText("Please enter the expiry date.")).toBeHidden();
    await expect(dateField(page)).toHaveValue("2027/02");
    await submit(page).click();
    await expect(page.getByText("Use format YYYYMMDD.")).toBeVisible();
    await dateField(page).pressSequentially("30");
    await expect(dateField(page)).toHaveValue("2027/02/30");
    await expect(page.getByText("Use format YYYYMMDD.")).toBeHidden();
    await submit(page).click();
    await expect(page.getByText("This date does not exist. Please check it.")).toBeVisible();
    // Choosing 'unknown' empties the date (and its error goes with it).
    await page.getByRole("radio", { name: "I don't know" }).check();
    await expect(dateField(page)).toHaveValue("");
    await expect(page.getByText("This date does not exist. Please check it.")).toBeHidden();

    // Phone keeps digits only and must be a Korean mobile number.
    await field(page, /^Phone number/).pressSequentially("+1 (415) 555");
    await expect(field(page, /^Phone number/)).toHaveValue("1415555");
    await expect(required).toHaveCount(0);
    await submit(page).click();
    await expect(page.getByText("Enter a Korean mobile number, e.g. 010XXXXXXXX.")).toBeVisible();
    await field(page, /^Phone number/).fill("01012345678");
    await expect(page.getByText("Enter a Korean mobile number, e.g. 010XXXXXXXX.")).toBeHidden();
    await expect(page.getByRole("alert")).toHaveCount(0);

    // Unticking the consent disables the button again.
    await requiredBox(page).uncheck();
    await expect(submit(page)).toBeDisabled();
    await expect(notice).toBeVisible();
  });

  test("required fields carry an asterisk; the date auto-formats digits, at most 8", async ({ page }) => {
    await openForm(page);
    for (const label of ["Visa type", "Nationality", "Full name (as on passport/ARC)", "Phone number"]) {
      await expect(page.locator("label", { hasText: label }).first()).toContainText("*");
    }
    await expect(page.getByRole("group", { name: /Are you planning to take out a loan/ })).toContainText("*");
    await expect(page.getByLabel("Visa type").locator("option")).toHaveText([
      "Select your visa type",
      "D-2",
      "E-9",
      "E-7",
      "E-10",
      "F-2",
      "F-4",
      "F-5",
      "F-6",
      "Others",
    ]);
    await dateField(page).pressSequentially("2027a03-1599");
    await expect(dateField(page)).toHaveValue("2027/03/15");
    // Backspace over the slash removes the digit before it.
    await dateField(page).fill("2027/03");
    await dateField(page).press("ArrowLeft");
    await dateField(page).press("ArrowLeft");
    await dateField(page).press("Backspace");
    await expect(dateField(page)).toHaveValue("2020/3");
    // Typing a date chooses 'enter the date'.
    await expect(page.getByRole("radio", { name: "Enter the date" })).toBeChecked();
  });

  test("happy path: 'Submitting…', one request for a double tap, lands on the completion page with the masked phone", async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
    page.on("pageerror", (e) => consoleErrors.push(e.message));
    await openForm(page);
    await fill(page);
    const sent: Request[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(API, async (route) => {
      sent.push(route.request());
      await gate;
      await route.continue();
    });
    await submit(page).click();
    await expect(submit(page)).toHaveText("Submitting…");
    await expect(submit(page)).toBeDisabled();
    await submit(page).click({ force: true });
    await submit(page).dispatchEvent("click");
    release();

    await expect(page).toHaveURL(/\/loan-consultation-complete$/);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.postDataJSON() as {
      submission_id: string;
      marketing_yn: string;
      answer_list: { question_seq: number; answer_content: string }[];
    };
    expect(body.marketing_yn).toBe("N");
    expect(body.submission_id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(body.answer_list.map((a) => a.answer_content)).toEqual(["yes", "E-9", "20270315", "Viet Nam", "NGUYEN VAN A", "01012345678"]);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Loan Consultation Request Complete");
    await expect(page.getByText("Our team will review your request and call you at the number you provided.")).toBeVisible();
    await expect(page.getByText("Phone: 010****5678")).toBeVisible();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/complete-with-phone-en.png`, fullPage: true });
    await expect(page.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(0);
    expect(page.url()).not.toContain("5678");

    // Nothing personal stays in the browser: no draft, and the history entry no longer holds the phone.
    expect(await page.evaluate(() => sessionStorage.getItem("consultation-draft"))).toBeNull();
    await expect.poll(() => page.evaluate(() => JSON.stringify(history.state))).not.toContain("01012345678");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Loan Consultation Request Complete");
    await expect(page.getByText(/Phone:/)).toHaveCount(0);

    await page.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    // No hydration mismatch or script error on the way.
    expect(consoleErrors).toEqual([]);
  });

  test("a failed network keeps every typed value, says so, and the retry uses the same submission id", async ({ page }) => {
    await openForm(page);
    await fill(page);
    const ids: string[] = [];
    await page.route(API, async (route) => {
      ids.push((route.request().postDataJSON() as { submission_id: string }).submission_id);
      await route.abort("internetdisconnected");
    });
    await submit(page).click();
    await expect(page.getByRole("alert")).toHaveText(
      "We couldn't reach our server. Everything you typed is still here — check your connection and try again.",
    );
    await expectFilled(page);
    await expect(submit(page)).toHaveText("Request a consultation");
    await expect(submit(page)).toBeEnabled();

    await page.unroute(API);
    const retried = page.waitForRequest((r) => API(new URL(r.url())));
    await submit(page).click();
    ids.push(((await retried).postDataJSON() as { submission_id: string }).submission_id);
    await expect(page).toHaveURL(/\/loan-consultation-complete$/);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  test("shows the server's message, or 'Submit failed. Please try again.'", async ({ page }) => {
    await openForm(page);
    await fill(page);
    await page.route(API, (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        headers: { "Retry-After": "30" },
        body: JSON.stringify({ res_status: 429, message: "Too many requests. Please wait a moment and try again.", errors: {} }),
      }),
    );
    await submit(page).click();
    await expect(page.getByRole("alert")).toHaveText("Too many requests. Please wait a moment and try again.");
    await page.unroute(API);
    await page.route(API, (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await submit(page).click();
    await expect(page.getByRole("alert")).toHaveText("Submit failed. Please try again.");
    await expectFilled(page);
    await page.unroute(API);
    await page.route(API, (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          res_status: 400,
          message: "Please check the fields and try again.",
          errors: { "answer_list.6": "Enter a Korean mobile number, e.g. 010XXXXXXXX." },
        }),
      }),
    );
    await submit(page).click();
    await expect(page.getByRole("alert")).toHaveText("Please check the fields and try again.");
    await expect(field(page, /^Phone number/)).toHaveAccessibleDescription(/Enter a Korean mobile number/);
  });

  test("a half-filled form survives a reload (sessionStorage)", async ({ page }) => {
    await openForm(page);
    await page.getByRole("radio", { name: "No", exact: true }).check();
    await page.getByLabel("Visa type").selectOption("F-4");
    await field(page, /^Full name/).fill("BOLD BAATAR");
    await page.getByRole("checkbox", { name: /marketing/ }).check();
    const id = await page.locator('input[name="submissionId"]').inputValue();
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("radio", { name: "No", exact: true })).toBeChecked();
    await expect(page.getByLabel("Visa type")).toHaveValue("F-4");
    await expect(field(page, /^Full name/)).toHaveValue("BOLD BAATAR");
    await expect(page.getByRole("checkbox", { name: /marketing/ })).toBeChecked();
    await expect(page.locator('input[name="submissionId"]')).toHaveValue(id);
  });

  test("what was typed before JavaScript arrived is kept and sent", async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/loan-consultation", { waitUntil: "domcontentloaded" });
    await fill(page);
    release();
    await hydrated(page);
    await expectFilled(page);
    const sent = page.waitForRequest((r) => API(new URL(r.url())));
    await submit(page).click();
    const body = (await sent).postDataJSON() as { answer_list: { answer_content: string }[] };
    expect(body.answer_list.map((a) => a.answer_content)).toEqual(["yes", "E-9", "20270315", "Viet Nam", "NGUYEN VAN A", "01012345678"]);
    await expect(page).toHaveURL(/\/loan-consultation-complete$/);
  });

  test("'view full policy' opens ?policy=privacy and keeps the typed values", async ({ page }) => {
    await openForm(page);
    await fill(page);
    const links = page.getByRole("link", { name: "View full policy" });
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) await expect(link).toHaveAttribute("href", "/loan-consultation?policy=privacy");
    await links.first().click();
    await expect(page).toHaveURL(/\/loan-consultation\?policy=privacy$/);
    await expectFilled(page);
    // Closing the policy (back to the form's URL) keeps them too, and so does a reload.
    await page.goBack();
    await expect(page).toHaveURL(/\/loan-consultation$/);
    await expectFilled(page);
    await page.goto("/loan-consultation?policy=privacy");
    await hydrated(page);
    await expectFilled(page);
  });

  test("the header has no menu button on the form", async ({ page }) => {
    await openForm(page);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Loan consultation");
  });

  test("no serious accessibility violation with every error shown", async ({ page }) => {
    await openForm(page);
    await requiredBox(page).check();
    await submit(page).click();
    await expect(page.getByText("This field is required.").first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("server-rendered errors keep what was typed; success lands on the completion page with the masked phone, never in the URL", async ({
    page,
    context,
  }) => {
    await page.goto("/loan-consultation");
    await expect(submit(page)).toBeEnabled();
    await expect(page.getByText("Please agree to the collection and use of personal information to proceed.")).toBeVisible();
    await field(page, /^Full name/).fill("PHAM VAN C");
    await field(page, /^Phone number/).fill("0101234");
    await dateField(page).fill("2027/02/30");
    await page.getByRole("radio", { name: "Enter the date" }).check();
    await submit(page).click();

    await expect(page).toHaveURL(/\/loan-consultation$/);
    await expect(page.getByText("Please select one of the two options.")).toHaveCount(1);
    await expect(page.getByText("Please select a required option.")).toBeVisible();
    await expect(page.getByText("This date does not exist. Please check it.")).toBeVisible();
    await expect(page.getByText("This field is required.")).toHaveCount(1);
    await expect(page.getByText("Enter a Korean mobile number, e.g. 010XXXXXXXX.")).toBeVisible();
    await expect(page.getByText("You must agree to the mandatory policy.")).toBeVisible();
    await expect(page.getByText("Please agree to the collection and use of personal information to proceed.")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("Please check the fields marked in red.");
    await expect(field(page, /^Full name/)).toHaveValue("PHAM VAN C");
    await expect(dateField(page)).toHaveValue("2027/02/30");
    await expect(page.getByRole("radio", { name: "Enter the date" })).toBeChecked();

    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByLabel("Visa type").selectOption("D-2");
    await page.getByRole("radio", { name: "I don't know" }).check();
    await field(page, /^Nationality/).fill("Viet Nam");
    await field(page, /^Phone number/).fill("01098765432");
    await requiredBox(page).check();
    await submit(page).click();

    await expect(page).toHaveURL(/\/loan-consultation-complete$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Loan Consultation Request Complete");
    await expect(page.getByText("Phone: 010****5432")).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(0);
    // The flash cookie was read once and cleared.
    expect((await context.cookies()).find((c) => c.name === "consultation_done")).toBeUndefined();
    await page.reload();
    await expect(page.getByText(/Phone:/)).toHaveCount(0);
  });

  test("the page carries no submission id; a double-tapped or re-sent post is stored once", async ({ page }) => {
    const phone = `010${String(Date.now()).slice(-8)}`;
    await page.goto("/loan-consultation");
    // The page is the same for every visitor (it is cached): no id until a script makes one.
    await expect(page.locator('input[name="submissionId"]')).toHaveValue("");
    await fill(page, { phone });
    const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/loan-consultation");
    await submit(page).click();
    const body = (await posted).postData()!;
    await expect(page).toHaveURL(/\/loan-consultation-complete$/);
    // The second tap and the browser's "resend": the same bytes again.
    for (let i = 0; i < 2; i++) {
      const again = await page.request.post("/loan-consultation", {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        data: body,
        maxRedirects: 0,
      });
      expect(again.status()).toBe(302);
    }
    expect(countRows("select count(*) as n from consultation_answer_items where answer_content = ?", phone)).toBe(1);
  });
});

test.describe("completion page", () => {
  test("opened directly it renders without the phone line; no menu button", async ({ page }) => {
    await page.goto("/loan-consultation-complete");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Loan Consultation Request Complete");
    await expect(page.locator("main svg").first()).toBeVisible();
    await expect(page.getByText(/Phone:/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("screenshots at 390×844", () => {
  // One test a language: three page loads each, far from the timeout on a slow machine.
  for (const lang of ["en", "my", "mn"]) {
    test(`form and completion page in ${lang}`, async ({ page }) => {
      mkdirSync(SHOTS, { recursive: true });
      await openForm(page, `/loan-consultation?lang=${lang}`);
      await page.screenshot({ path: `${SHOTS}/form-${lang}.png`, fullPage: true });
      await page.getByRole("checkbox").first().check();
      await page.locator('button[type="submit"]').click();
      await expect(page.getByRole("alert")).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/form-errors-${lang}.png`, fullPage: true });
      // No horizontal overflow at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`/loan-consultation-complete?lang=${lang}`);
      await page.screenshot({ path: `${SHOTS}/complete-${lang}.png`, fullPage: true });
    });
  }
});

/**
 * Issue 37: English shows the spec's own words (§5) for the date format and the mandatory consent,
 * with the notice, with and without JavaScript; the field's hint keeps the YYYY/MM/DD it types.
 */
test.describe("the spec's English messages", () => {
  const [DATE, CONSENT, NOTICE] = [
    "Use format YYYYMMDD.",
    "You must agree to the mandatory policy.",
    "Please agree to the collection and use of personal information to proceed.",
  ];
  const HINT = "As on your alien registration card, year first: YYYY/MM/DD (year/month/day)";

  test("with JavaScript: the notice holds the button until the mandatory consent; a short date gets the spec's format error", async ({
    page,
  }) => {
    await page.goto("/loan-consultation?lang=en");
    await hydrated(page);
    await expect(page.getByText(NOTICE, { exact: true })).toBeVisible();
    await expect(submit(page)).toBeDisabled();
    await expect(submit(page)).toHaveAccessibleDescription(NOTICE);
    await page.getByRole("radio", { name: "Enter the date" }).check();
    await dateField(page).pressSequentially("202702");
    await requiredBox(page).check();
    await expect(page.getByText(NOTICE, { exact: true })).toHaveCount(0);
    await submit(page).click();
    await expect(page.getByText(DATE, { exact: true })).toBeVisible();
    await expect(page.getByText(HINT)).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("a short date and no consent get the spec's three messages", async ({ page }) => {
      await page.goto("/loan-consultation?lang=en");
      await page.getByRole("radio", { name: "Enter the date" }).check();
      await dateField(page).fill("202702");
      await submit(page).click();
      for (const message of [DATE, CONSENT, NOTICE]) await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page.getByText(HINT)).toBeVisible();
    });
  });
});
