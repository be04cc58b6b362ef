import sharp from "sharp";
import type { Browser, Page } from "@playwright/test";
import { hydrated } from "#tests/e2e/fixtures.ts";
import { test, expect, english } from "#tests/e2e/console/fixtures.ts";

/**
 * Operators run the campaigns (issue 14): every change made in the console
 * is on the public home page (another browser context, no session) within
 * 5 s, a draft only through the preview link, the page does not shift, and
 * the audit log lists each change. One story, in order: it changes what
 * the home page shows. The operator is the worker's administrator, signed in once.
 */
test.use({ signedInAs: "admin" });
const LIVE_WITHIN = 5_000;

/** A visitor: its own context, no session, no stored popup dismissal; CLS recorded on every load. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** The partner keys of the home page's banners, in order, as a fresh load shows them. */
async function shownBanners(page: Page): Promise<string[]> {
  await page.goto("/");
  return page.locator("[data-partner]").evaluateAll((links) => links.map((a) => a.getAttribute("data-partner")!));
}

async function pngUpload(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 600, channels: 3, background: "#2a6fdb" } })
    .png()
    .toBuffer();
}

test("an operator runs the campaigns; the public home page follows within 5 s", async ({
  page,
  context,
  browser,
  admin: email,
}, testInfo) => {
  test.setTimeout(90_000);
  await english(context);
  const guest = await visitor(browser);
  const key = `e2e-partner-${Date.now().toString(36)}`;
  const title = `E2E partner loan ${key.slice(-4)}`;

  await test.step("bad input is refused with a clear message and changes nothing", async () => {
    await page.goto("/admin/campaigns/banners/new");
    await hydrated(page);
    await page.getByLabel("Partner key").fill(`${key}-bad`);
    await page.getByRole("group", { name: "English (required)" }).getByLabel("Title").fill("Bad banner");
    await page.getByRole("textbox", { name: "Lowest rate (% a year) (required)", exact: true }).fill("13,5");
    await page.getByRole("textbox", { name: "Highest rate (% a year)", exact: true }).fill("24");
    await page.getByLabel("Rate calculated on").fill("2026-11-24");
    await page.getByLabel("Link (https://)").fill("http://partner.example.com/plain");
    await page.getByLabel("Active from (KST)").fill("2026-12-02T09:00");
    await page.getByLabel("Active until (KST)").fill("2026-12-01T09:00");
    await page
      .getByLabel("Image")
      .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture") });
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(page.getByText("Nothing was saved: correct the fields marked below.")).toBeVisible();
    await expect(page.getByText("The link must be a full address starting with https://.")).toBeVisible();
    await expect(page.getByText("Enter a number with at most two decimals, e.g. 13.00, greater than 0.")).toBeVisible();
    await expect(page.getByText("A rate above the legal maximum of 20% a year cannot be advertised.")).toBeVisible();
    await expect(page.getByText("The end must be after the start.")).toBeVisible();
    await expect(
      page.getByText("This file is not an image we can use (JPEG, PNG, WebP, GIF or HEIC), whatever its name says."),
    ).toBeVisible();
    await page.goto("/admin/campaigns");
    await expect(page.locator(`[data-banner="${key}-bad"]`)).toHaveCount(0);
  });

  await test.step("the banner's own rate gives way to its product's live rate, day and lender: one source with its block (issue 48)", async () => {
    await page.goto("/admin/campaigns");
    await hydrated(page);
    await page.locator('[data-banner="regional-bank-student"]').getByRole("link", { name: "Edit" }).click();
    await page.getByRole("textbox", { name: "Lowest rate (% a year) (required)", exact: true }).fill("11.90");
    await page.getByRole("textbox", { name: "Highest rate (% a year)", exact: true }).fill("17.5");
    await page.getByLabel("Rate calculated on").fill("2026-11-24");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    await guest.page.goto("/");
    const banner = guest.page.locator('[data-partner="regional-bank-student"]');
    await expect(banner).toContainText("13%–19.9% a year");
    await expect(banner).not.toContainText("11.90%");
    await expect(banner).toContainText("Lender: 주식회사 샘플B은행");
    const block = guest.page.locator('[data-product="regional-bank-student"]').first();
    await expect(block.locator('[data-part="visitor"]')).toContainText("13%–19.9% a year");
    await banner.scrollIntoViewIfNeeded();
    await guest.page.screenshot({ path: testInfo.outputPath("banner-product-rate-en.png") });
  });

  await test.step("a new banner with its image, saved as a draft: only the preview shows it", async () => {
    await page.goto("/admin/campaigns/banners/new");
    await hydrated(page);
    await page.getByLabel("Partner key").fill(key);
    await page.getByRole("group", { name: "English (required)" }).getByLabel("Title").fill(title);
    await page.getByRole("group", { name: "English (required)" }).getByLabel("Short description").fill("Apply in five minutes");
    await page.getByRole("textbox", { name: "Lowest rate (% a year) (required)", exact: true }).fill("9.90");
    await page.getByRole("textbox", { name: "Highest rate (% a year)", exact: true }).fill("14.5");
    await page.getByLabel("Rate calculated on").fill("2026-11-24");
    await page.getByLabel("Link (https://)").fill("https://partner.example.com/e2e");
    await page.getByLabel("Image").setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: await pngUpload() });
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();

    await page.goto("/?campaignPreview=1");
    const previewed = page.locator(`[data-partner="${key}"]`);
    await expect(previewed).toBeVisible();
    await expect(previewed.locator("img")).toHaveAttribute("src", /^\/media\/campaigns\/[\w-]+-560x240\.webp$/);
    await expect(previewed.locator("img")).toHaveAttribute("srcset", /-1120x480\.webp 2x$/);
    await expect(previewed.locator("img")).toHaveJSProperty("naturalWidth", 560);
    // Visitors never see a draft, with the preview parameter or without.
    await guest.page.goto("/?campaignPreview=1");
    await expect(guest.page.locator("[data-partner]").first()).toBeVisible();
    await expect(guest.page.locator(`[data-partner="${key}"]`)).toHaveCount(0);
    expect(await shownBanners(guest.page)).not.toContain(key);
  });

  await test.step("publishing without the product and approvals is refused, naming them; with them it goes live, with its disclosure", async () => {
    await page.goto("/admin/campaigns");
    await hydrated(page);
    await page.locator(`[data-banner="${key}"]`).getByRole("button", { name: "Publish" }).click();
    await expect(
      page.getByText(
        "Not published. Missing or expired: advertised product, confirmation no., confirmation validity, review no., review validity.",
        { exact: false },
      ),
    ).toBeVisible();
    expect(await shownBanners(guest.page)).not.toContain(key);
    await page.locator(`[data-banner="${key}"]`).getByRole("link", { name: "Edit" }).click();
    await page.getByLabel("Advertised product").selectOption("regional-bank-general");
    await page.getByLabel("Lender's confirmation no. (확인필)").fill("E2E-101");
    await page.getByLabel("Confirmation valid until").fill("2099-12-31");
    await page.getByLabel("Compliance review no. (준법감시인 심의필)").fill("E2E-201");
    await page.getByLabel("Review valid until").fill("2099-12-31");
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(page.getByText("Published: it is live now (within its time window).")).toBeVisible();
    const published = Date.now();
    await expect
      .poll(() => shownBanners(guest.page), { timeout: LIVE_WITHIN })
      .toEqual(["regional-bank-general", "regional-bank-student", "savings-bank", key]);
    expect(Date.now() - published).toBeLessThan(LIVE_WITHIN);
    // Covered without code: the new banner carries the disclosure of its product, with its own numbers.
    const block = guest.page.locator("li", { has: guest.page.locator(`[data-partner="${key}"]`) }).getByTestId("loan-disclosure");
    await expect(block).toHaveAttribute("data-product", "regional-bank-general");
    await expect(block.locator('[data-part="ko"]')).toContainText("주식회사 샘플A은행 확인필 제E2E-101호");
    await expect(block.locator('[data-part="ko"]')).toContainText("준법감시인 심의필 제E2E-201호");
    await page.goto("/admin/campaigns");
    await hydrated(page);
  });

  await test.step("reorder from the keyboard", async () => {
    const up = page.getByRole("button", { name: `Move ${title} up` });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Order changed.")).toBeVisible();
    const moved = Date.now();
    await expect
      .poll(() => shownBanners(guest.page), { timeout: LIVE_WITHIN })
      .toEqual(["regional-bank-general", "regional-bank-student", key, "savings-bank"]);
    expect(Date.now() - moved).toBeLessThan(LIVE_WITHIN);
  });

  await test.step("the page does not shift with the new banner and its image", async () => {
    await guest.page.goto("/");
    await hydrated(guest.page);
    const image = guest.page.locator(`[data-partner="${key}"] img`);
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty("complete", true);
    await guest.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await guest.page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
  });

  await test.step("switch one off", async () => {
    await page.locator(`[data-banner="${key}"]`).getByRole("button", { name: "Switch off" }).click();
    await expect(page.getByText("Switched off.")).toBeVisible();
    const off = Date.now();
    await expect.poll(() => shownBanners(guest.page), { timeout: LIVE_WITHIN }).not.toContain(key);
    expect(Date.now() - off).toBeLessThan(LIVE_WITHIN);
  });

  await test.step("the popup, scheduled for tomorrow, is gone today and nothing of it is downloaded", async () => {
    await guest.page.goto("/");
    await hydrated(guest.page);
    await expect(guest.page.getByRole("dialog", { name: "A loan from our partner bank" })).toBeVisible();
    const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date(Date.now() + 86_400_000));
    await page.goto("/admin/campaigns/popup");
    await hydrated(page);
    await page.getByLabel("Active from (KST)").fill(`${tomorrow}T00:00`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    const scheduled = Date.now();
    await expect
      .poll(
        async () => {
          await guest.page.goto("/");
          await hydrated(guest.page);
          return guest.page.getByRole("dialog").count();
        },
        { timeout: LIVE_WITHIN },
      )
      .toBe(0);
    expect(Date.now() - scheduled).toBeLessThan(LIVE_WITHIN);
    const fetched: string[] = [];
    guest.page.on("request", (request) => fetched.push(request.url()));
    await guest.page.goto("/");
    await hydrated(guest.page);
    expect(fetched.filter((url) => url.includes("event-popup"))).toEqual([]);
    await page.goto("/admin/campaigns");
    await expect(page.getByRole("region", { name: "Event popup" }).getByText("Outside its time window")).toBeVisible();
  });

  await test.step("the audit log lists each change, old → new", async () => {
    const logged = async (action: string, label: string, detail: string) => {
      await page.goto(`/admin/audit?action=${action}`);
      const row = page.getByRole("row").filter({ hasText: label }).filter({ hasText: detail });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(email);
    };
    await logged("campaign_update", "Edited a campaign item", 'rate_text: "13.00%–19.9%" → "11.90%–17.5%"');
    await logged("campaign_update", "Edited a campaign item", 'rate_date: "2026-11-01" → "2026-11-24"');
    await logged("campaign_create", "Created a campaign item", `partner_key: "" → "${key}"`);
    await logged("campaign_publish", "Published a campaign item", `${key}: draft → published`);
    await logged("campaign_reorder", "Reordered the banners", `savings-bank, ${key} → `);
    await logged("campaign_update", "Edited a campaign item", `${key}: enabled: "on" → "off"`);
    await logged("campaign_update", "Edited a campaign item", 'active_from: "" → "');
  });

  await guest.close();
});
