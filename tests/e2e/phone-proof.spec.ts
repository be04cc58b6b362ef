import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { codeTo, fakeTexts, textCount } from "#tests/support/e2e-texts.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { fillByName, TYPED } from "#tests/support/consultation-form.ts";

/**
 * One-time codes at 390×844 (issue 49 item 4, issue 48 item 5; ADR 0049),
 * against the local fake of SOLAPI the server texts through: "find my
 * request again" with the code read from the fake opens the status page;
 * the sixth wrong code is refused with Retry-After; a number we do not know
 * gets the same page; a refusal of contact takes effect with its code, and a
 * later request from the number asks before it is accepted. With and
 * without JavaScript, axe clean. The fake is Playwright's, for the whole run (tests/support/e2e-texts.ts).
 */
test.describe.configure({ mode: "serial" });

const vi = JSON.parse(readFileSync(new URL("../../locales/vi/proof.json", import.meta.url), "utf8")) as {
  sent: string;
  phone: string;
  code: string;
  sendCode: string;
  check: string;
  found: { title: string };
  errors: { locked: { other: string } };
};
const en = {
  rights: JSON.parse(readFileSync(new URL("../../locales/en/rights.json", import.meta.url), "utf8")) as {
    refuseContact: { kind: string; sent: string };
    phone: string;
    submit: string;
  },
  proof: JSON.parse(readFileSync(new URL("../../locales/en/proof.json", import.meta.url), "utf8")) as typeof vi,
  consultation: JSON.parse(readFileSync(new URL("../../locales/en/consultation.json", import.meta.url), "utf8")) as {
    refused: { allow: string; required: string };
  },
};

async function requestFrom(page: Page, phone: string, id: string) {
  const res = await page.request.post("/svc/answer/create", { data: sampleConsultation({ submissionId: id, phone }) });
  expect(res.status()).toBe(200);
}

async function askCode(page: Page, phone: string) {
  await page.goto("/find-my-request?lang=vi");
  await page.getByRole("textbox", { name: vi.phone }).fill(phone);
  await page.getByRole("button", { name: vi.sendCode }).click();
  await expect(page.getByRole("status")).toHaveText(vi.sent);
}

const uuid = () => crypto.randomUUID();

for (const js of [false, true]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });
    const phone = js ? "01061610002" : "01061610001";

    test("find my request again: the code texted to the number opens the request's status page", async ({ page }) => {
      await requestFrom(page, phone, uuid());
      const since = await textCount();
      await askCode(page, phone);
      if (js) await hydrated(page);
      // axe runs in the page: with JavaScript (the markup is the server's either way).
      if (js) expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/phone-proof/code-${js ? "js" : "nojs"}.png`, fullPage: true });
      await page.getByRole("textbox", { name: vi.code }).fill(await codeTo(phone, since));
      await page.getByRole("button", { name: vi.check }).click();
      await expect(page.getByRole("heading", { name: vi.found.title })).toBeVisible();
      // axe runs in the page: with JavaScript (the markup is the server's either way).
      if (js) expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/phone-proof/found-${js ? "js" : "nojs"}.png`, fullPage: true });
      await page.locator("[data-found-links] a").first().click();
      await expect(page).toHaveURL(/\/status\/[A-Za-z0-9_-]{43}\?lang=en$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sixth wrong code is refused with 429 and Retry-After", async ({ page }) => {
    const phone = "01061610003";
    await requestFrom(page, phone, uuid());
    const since = await textCount();
    await askCode(page, phone);
    const right = await codeTo(phone, since);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 5; i++) {
      await page.getByRole("textbox", { name: vi.code }).fill(wrong);
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: vi.check }).click(),
      ]);
      expect(res.status()).toBe(400);
    }
    await page.getByRole("textbox", { name: vi.code }).fill(right);
    const [sixth] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: vi.check }).click(),
    ]);
    expect(sixth.status()).toBe(429);
    const wait = Number(sixth.headers()["retry-after"]);
    expect(wait).toBeGreaterThan(200);
    await expect(page.getByText(vi.errors.locked.other.replace("{count}", String(wait)))).toBeVisible();
  });

  test("a number we do not know gets the same page as one we know", async ({ page }) => {
    const known = "01061610004";
    const unknown = "01061610005";
    await requestFrom(page, known, uuid());
    const since = await textCount();
    await askCode(page, known);
    const knownPage = (await page.locator("main").innerHTML()).replaceAll(known, "NUMBER");
    await askCode(page, unknown);
    const unknownPage = (await page.locator("main").innerHTML()).replaceAll(unknown, "NUMBER");
    expect(unknownPage).toBe(knownPage);
    await codeTo(known, since);
    expect((await fakeTexts()).slice(since).some((m) => m.to === unknown)).toBe(false);
  });
});

for (const js of [false, true]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    const phone = js ? "01061610007" : "01061610006";

    test("a refusal of contact takes effect only with the code texted to the number", async ({ page }) => {
      await page.goto("/privacy-rights?lang=en");
      if (js) await hydrated(page);
      await page.getByRole("radio", { name: en.rights.refuseContact.kind }).check();
      await page.getByRole("textbox", { name: en.rights.phone }).fill(phone);
      const since = await textCount();
      await page.getByRole("button", { name: en.rights.submit }).click();
      // Nothing is refused yet: the page asks for the code.
      await expect(page.getByRole("status")).toHaveText(en.proof.sent);
      // axe runs in the page: with JavaScript (the markup is the server's either way).
      if (js) expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("textbox", { name: en.proof.code }).fill(await codeTo(phone, since));
      await page.getByRole("button", { name: en.proof.check }).click();
      await expect(page.getByRole("status").first()).toHaveText(en.rights.refuseContact.sent);
    });

    test("a later request from the refused number asks, on the form, before it is accepted", async ({ page }) => {
      // A new consultation from the number: the form asks whether this request may be called.
      await page.goto("/loan-consultation?lang=en");
      if (js) await hydrated(page);
      await fillByName(page, { ...TYPED, phone } as unknown as typeof TYPED);
      await page.getByRole("button", { name: /Request a consultation/ }).click();
      const ask = page.locator("[data-contact-ask]");
      await expect(ask).toBeVisible();
      await expect(ask.getByText(en.consultation.refused.required)).toBeVisible();
      // axe on what the question adds (the form's muted date field fails contrast apart from it).
      if (js) {
        const scoped = await new AxeBuilder({ page })
          .include("[data-contact-ask]")
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
          .analyze();
        expect(scoped.violations.map((v) => v.id)).toEqual([]);
      }
      await page.screenshot({ path: `test-results/phone-proof/ask-${js ? "js" : "nojs"}.png`, fullPage: true });
      await expect(page).toHaveURL(/\/loan-consultation/);
      await ask.getByRole("checkbox", { name: en.consultation.refused.allow }).check();
      await page.getByRole("button", { name: /Request a consultation/ }).click();
      await expect(page).toHaveURL(/\/loan-consultation-complete/);
    });
  });
}
