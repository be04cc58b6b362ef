import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { setConsultationStage } from "#tests/support/e2e-db.ts";
import { STAGES } from "#app/features/request-status/view.ts";

/**
 * Issue 28: the private status link on the completion pages, the status page
 * in the request's language, and the visitor's two actions — with and
 * without JavaScript. Screenshots at 390×844 in test-results/status/.
 */
type Catalog = Record<string, unknown>;
const catalog = (lang: Locale, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), "utf8")) as Catalog;
const text = (cat: Catalog, path: string) => path.split(".").reduce<unknown>((o, k) => (o as Catalog)[k], cat) as string;
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/status/${name}.png`, fullPage: true });

/** Fills the consultation form by field names (the same in every language) and sends it. */
async function sendConsultation(page: Page, lang: Locale, name: string) {
  await page.goto(`/loan-consultation?lang=${lang}`);
  await hydrated(page);
  await page.locator('input[name="type"][value="yes"]').check();
  await page.locator('select[name="visaType"]').selectOption("E-9");
  await page.locator('input[name="expiryChoice"][value="unknown"]').check();
  await page.locator('input[name="nationality"]').fill("Viet Nam");
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="phone"]').fill("01055556789");
  await page.locator('input[name="agreeRequired"]').check();
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/loan-consultation-complete/);
}

/** The status link shown on a completion page. */
async function linkOnPage(page: Page, lang: Locale) {
  const status = catalog(lang, "status");
  const box = page.getByRole("region", { name: text(status, "link.title") });
  await expect(box).toBeVisible();
  await expect(box).toContainText(text(status, "link.keep"));
  const href = await box.getByRole("link").getAttribute("href");
  expect(href).toMatch(new RegExp(`^/status/[\\w-]{43}\\?lang=${lang}$`));
  return href!;
}

test.describe("the private status link", () => {
  for (const lang of LOCALES) {
    test(`${lang}: the completion page shows the link; the page says where the request stands, in the request's language, axe clean`, async ({
      page,
      context,
    }) => {
      const status = catalog(lang, "status");
      await sendConsultation(page, lang, `STATUS ${lang.toUpperCase()}`);
      const href = await linkOnPage(page, lang);
      await shot(page, `complete-${lang}`);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: text(status, "link.copy") }).click();
      await expect(page.getByText(text(status, "link.copied"))).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/status/[\\w-]{43}\\?lang=${lang}$`));

      const response = await page.goto(href);
      expect(response!.headers()["cache-control"]).toBe("no-store");
      expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
      expect(response!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(status, "title.consultation"));
      await expect(page.getByText(text(status, "stage.new"))).toBeVisible();
      await expect(page.getByText(text(status, "trust.noFee"))).toBeVisible();
      await expect(page.getByText(/010\*\*\*\*6789/)).toBeVisible();
      await expect(page.getByText(`STATUS ${lang.toUpperCase()}`)).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `status-${lang}`);
    });
  }

  test("the language switch keeps the link and changes only the words", async ({ page }) => {
    await sendConsultation(page, "vi", "SWITCH");
    const href = await linkOnPage(page, "vi");
    await page.goto(href);
    await page
      .getByRole("navigation", { name: text(catalog("vi", "status"), "language") })
      .getByRole("link", { name: "Монгол хэл" })
      .click();
    await expect(page).toHaveURL(new RegExp(`${href.split("?")[0]}\\?lang=mn$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(catalog("mn", "status"), "title.consultation"));
  });

  test("the page is rendered for each request, never kept (issue 41): a fresh nonce each time, compressed whole", async ({ page }) => {
    await sendConsultation(page, "en", "FRESH EACH TIME");
    const href = await linkOnPage(page, "en");
    const get = () => page.request.get(href, { headers: { "accept-encoding": "gzip, deflate, br" } });
    const [first, second] = [await get(), await get()];
    const nonces = [first, second].map((r) => /'nonce-([^']+)'/.exec(r.headers()["content-security-policy"] ?? "")?.[1]);
    for (const response of [first, second]) {
      expect(response.status()).toBe(200);
      expect(response.headers()["x-page-cache"]).toBeUndefined();
      expect(response.headers()["cache-control"]).toBe("no-store");
      expect(response.headers()["content-encoding"]).toBe("br");
      expect(Number(response.headers()["content-length"])).toBeGreaterThan(0);
    }
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("an unknown link is the site's 404, never kept", async ({ page }) => {
    const response = await page.goto(`/status/${"x".repeat(43)}`);
    expect(response!.status()).toBe(404);
    expect(response!.headers()["cache-control"]).toBe("no-store");
    expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
  });

  test("call me at another time, then I no longer need this (with JavaScript)", async ({ page }) => {
    const status = catalog("en", "status");
    await sendConsultation(page, "en", "ACTIONS JS");
    await page.goto(await linkOnPage(page, "en"));
    await hydrated(page);
    const select = page.getByLabel(text(status, "reschedule.label"), { exact: true });
    const value = await select.locator("option").nth(2).getAttribute("value");
    await select.selectOption(value!);
    await page.getByRole("button", { name: text(status, "reschedule.submit") }).click();
    await expect(page.getByText(/^Saved\. We will call you at /)).toBeVisible();
    await expect(page.getByText(/at the time you chose/)).toBeVisible();
    await shot(page, "rescheduled-en");

    await page.getByRole("button", { name: text(status, "withdraw.start") }).click();
    await expect(page.getByRole("heading", { name: text(status, "withdraw.confirmTitle") })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "withdraw-confirm-en");
    await page.getByRole("button", { name: text(status, "withdraw.confirm") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(status, "withdrawn.title"));
    await expect(page.getByText(text(status, "withdrawn.deleted"))).toBeVisible();
    await expect(page.getByRole("button", { name: text(status, "withdraw.start") })).toHaveCount(0);
    await expect(page.getByText(/010\*\*\*\*/)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "withdrawn-en");
  });

  test("a rights request gets the link, which shows the date we must answer by", async ({ page }) => {
    const rights = catalog("id", "rights");
    const status = catalog("id", "status");
    await page.goto("/privacy-rights?lang=id");
    await hydrated(page);
    await page.getByRole("radio", { name: text(rights, "deadline.kinds.access") }).check();
    await page.getByRole("textbox", { name: text(rights, "phone") }).fill("01012120000");
    await page.getByRole("button", { name: text(rights, "submit") }).click();
    const href = await linkOnPage(page, "id");
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(status, "title.rights"));
    await expect(page.getByText(/^Kami wajib menjawab Anda paling lambat /)).toBeVisible();
    await expect(page.getByText(text(status, "rights.why.access.other").replace("{count}", "8"))).toBeVisible();
    await shot(page, "rights-id");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form's completion page shows the link; both actions work as plain forms", async ({ page }) => {
      const status = catalog("my", "status");
      await page.goto("/loan-consultation?lang=my");
      await page.locator('input[name="type"][value="no"]').check();
      await page.locator('select[name="visaType"]').selectOption("F-6");
      await page.locator('input[name="expiryChoice"][value="unknown"]').check();
      await page.locator('input[name="nationality"]').fill("Myanmar");
      await page.locator('input[name="name"]').fill("NO SCRIPT");
      await page.locator('input[name="phone"]').fill("01066667777");
      await page.locator('input[name="agreeRequired"]').check();
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/loan-consultation-complete/);
      const href = await linkOnPage(page, "my");
      await expect(page.getByRole("button", { name: text(status, "link.copy") })).toHaveCount(0);

      await page.goto(href);
      await page.getByLabel(text(status, "reschedule.label"), { exact: true }).selectOption({ index: 1 });
      await page.getByRole("button", { name: text(status, "reschedule.submit") }).click();
      await expect(page.getByText(new RegExp(text(status, "reschedule.done").split("{time}")[0]!))).toBeVisible();
      await page.getByRole("button", { name: text(status, "withdraw.start") }).click();
      await page.getByRole("button", { name: text(status, "withdraw.confirm") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(status, "withdrawn.title"));
      await shot(page, "withdrawn-my-nojs");
    });
  });
});

/**
 * Issue 37: at each stage the page says what "Close my request" does there — before the lender has
 * anything, it deletes the request; once documents were sent or the application is with the lender,
 * it deletes only what this site holds and says the lender keeps its own copy and whom to ask; once
 * decided or closed it is not offered — and "we will call you on …" shows only while a call is coming.
 */
test.describe("what closing does, stage by stage", () => {
  const GROUPS = [
    { name: "before the lender has anything", stages: ["new", "contacting", "consulted"] },
    { name: "documents sent or with the lender", stages: ["documents", "with_lender"] },
    { name: "decided or closed", stages: ["approved", "declined", "closed"] },
  ] as const;
  for (const lang of LOCALES) {
    for (const [g, group] of GROUPS.entries()) {
      test(`${lang}, ${group.name}: the page says what closing does, and promises a call only while one is coming`, async ({
        page,
        request,
      }) => {
        const status = catalog(lang, "status");
        const phone = `010246${g}135${LOCALES.indexOf(lang)}`;
        const sent = await request.post(`/svc/answer/create?lang=${lang}`, {
          data: sampleConsultation({ submissionId: crypto.randomUUID(), name: `STAGES ${lang} ${g}`, phone }),
        });
        const url = new URL(((await sent.json()) as { data: { status_url: string } }).data.status_url);
        const path = url.pathname + url.search;
        const close = page.getByRole("button", { name: text(status, "withdraw.start") });
        const callLine = page.getByText(text(status, "phone").replace("{phone}", `010****${phone.slice(-4)}`));
        const notes = { documents: text(status, "withdraw.atStage.documents"), with_lender: text(status, "withdraw.atStage.with_lender") };
        for (const stage of group.stages) {
          expect(STAGES).toContain(stage);
          setConsultationStage(path, stage, stage === "with_lender" ? "Sample Savings Bank" : null);
          await page.goto(path);
          await expect(page.getByText(text(status, `stage.${stage}`))).toBeVisible();
          const open = g < 2;
          await expect(close, stage).toHaveCount(open ? 1 : 0);
          await expect(page.getByText(text(status, "withdraw.hint")), stage).toHaveCount(open ? 1 : 0);
          for (const [at, note] of Object.entries(notes))
            await expect(page.getByText(note), `${stage}: ${at}`).toHaveCount(stage === at ? 1 : 0);
          await expect(callLine, stage).toHaveCount(stage === "new" || stage === "contacting" ? 1 : 0);
          if (lang === "my" || lang === "mn") await shot(page, `stage-${stage}-${lang}`);
        }
        if (g !== 1) return;
        // At the lender stage the confirmation repeats what closing cannot do, and axe is clean.
        await close.click();
        await expect(page.getByRole("heading", { name: text(status, "withdraw.confirmTitle") })).toBeVisible();
        await expect(page.getByText(notes.with_lender)).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        if (lang === "my" || lang === "mn") await shot(page, `stage-confirm-${lang}`);
      });
    }
  }
});
