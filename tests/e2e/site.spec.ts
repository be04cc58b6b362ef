import type { Page } from "@playwright/test";
import { test, expect, hydrated, renderedFrames, axeViolations } from "#tests/e2e/fixtures.ts";

const KINDS = [
  { kind: "privacy", title: "Privacy policy", version: "2023-03-06", text: "Purposes of processing and the information processed" },
  { kind: "service", title: "Terms of service", version: "2022-12-20", text: "General provisions" },
  { kind: "notice", title: "Loan financial product notice", version: "2023-05-08", text: "Effective date" },
  { kind: "complaint", title: "User complaint handling policy", version: "2023-05-08", text: "complaint" },
] as const;

const footer = (page: Page) => page.getByRole("contentinfo");
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe("footer (spec §1)", () => {
  for (const path of ["/", "/company/about", "/information-service/loan-faq", "/loan-consultation", "/no/such/page"]) {
    test(`is on ${path} with the business details, the certificate and the four policies`, async ({ page }) => {
      await page.goto(path);
      const f = footer(page);
      const fact = (term: string) =>
        f.locator("dl > div", { has: page.getByRole("term").filter({ hasText: term }) }).getByRole("definition");
      await expect(fact("Business registration no.")).toHaveText("000-00-00000");
      await expect(fact("Loan broker registration no.")).toHaveText("2023-00000 (registered April 27, 2023)");
      await expect(fact("Representative")).toHaveText("Hong Gil-dong (홍길동)");
      await expect(fact("Address")).toHaveText("12 Sample-ro, Jung-gu, Seoul 04524, Republic of Korea");
      await expect(fact("Help centre")).toHaveText("1588-0000");
      await expect(f.getByRole("link", { name: "help@example.com" })).toHaveAttribute("href", "mailto:help@example.com");
      await expect(f.getByRole("link", { name: /registration certificate/ })).toHaveAttribute(
        "href",
        "/documents/broker-registration-certificate.pdf",
      );
      const policies = f.getByRole("navigation", { name: "Policies" }).getByRole("link");
      await expect(policies).toHaveText(KINDS.map((k) => k.title));
    });
  }

  test("the help-centre phone is text, not a link", async ({ page }) => {
    await page.goto("/company/about");
    await expect(footer(page).getByRole("link", { name: /1588-0000/ })).toHaveCount(0);
  });

  test("the registration certificate is a real PDF", async ({ page }) => {
    const response = await page.request.get("/documents/broker-registration-certificate.pdf");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/pdf");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

test.describe("legal modal (spec §2 Overlays, §4)", () => {
  for (const { kind, title, version, text } of KINDS) {
    test(`${kind}: the footer link opens it with its title, version date and document; OK closes it`, async ({ page }) => {
      await page.goto("/company/about");
      await hydrated(page);
      await footer(page).getByRole("link", { name: title }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`\\?policy=${kind}$`));
      const select = dialog.getByRole("combobox", { name: "Version" });
      await expect(select).toHaveValue(version);
      // The option names the day as the English lines write it (issue 50, X3); its value stays the ISO date.
      await expect(select.locator("option")).toHaveText([englishDay(version)]);
      const body = dialog.getByRole("region", { name: title });
      await expect(body).toContainText(text);
      await expect(body).toHaveAttribute("lang", "en");
      // A full-screen dialog: the screen's width up to 500px (spec §9) and 90% of the screen high; the body scrolls.
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeCloseTo(Math.min(500, page.viewportSize()!.width), 0);
      expect(box.height).toBeLessThanOrEqual(844 * 0.9 + 1);
      expect(box.height).toBeGreaterThan(844 * 0.85);
      expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === "auto")).toBe(true);
      await dialog.getByRole("button", { name: "OK" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/company\/about$/);
    });
  }

  test("the page does not scroll while it is open, and closing it returns to the same place", async ({ page }) => {
    await page.goto("/company/about");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(0);
    await footer(page).getByRole("link", { name: "Terms of service" }).click();
    const dialog = page.getByRole("dialog", { name: "Terms of service" });
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    expect(await scrollY(page)).toBe(before);
    await page.mouse.move(195, 20);
    await page.mouse.wheel(0, -600);
    await renderedFrames(page);
    expect(await scrollY(page)).toBe(before);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/company\/about$/);
    expect(await scrollY(page)).toBe(before);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  });

  test("the browser's Back button closes it", async ({ page }) => {
    await page.goto("/company/location");
    await hydrated(page);
    await footer(page).getByRole("link", { name: "Privacy policy" }).click();
    await expect(page.getByRole("dialog", { name: "Privacy policy" })).toBeVisible();
    // The dialog opens at once; the history entry comes when the document has loaded.
    await expect(page).toHaveURL(/\?policy=privacy$/);
    await page.goBack();
    await expect(page.getByRole("dialog", { name: "Privacy policy" })).toBeHidden();
    await expect(page).toHaveURL(/\/company\/location$/);
  });

  test("it opens at once while the document loads, and closing it then leaves the page as it was", async ({ page }) => {
    await page.goto("/company/about");
    await hydrated(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data\?.*policy=notice/, async (route) => {
      await held;
      await route.continue();
    });
    await footer(page).getByRole("link", { name: "Loan financial product notice" }).click();
    const dialog = page.getByRole("dialog", { name: "Loan financial product notice" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Loading the document…");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    release();
    await expect(page).toHaveURL(/\/company\/about$/);
    await expect(dialog).toBeHidden();
    // And it opens again normally.
    await footer(page).getByRole("link", { name: "Privacy policy" }).click();
    await expect(page.getByRole("dialog", { name: "Privacy policy" }).getByRole("region")).toContainText("Purposes of processing");
  });

  test("an unknown kind shows 'document not found'", async ({ page }) => {
    await page.goto("/?policy=cookies");
    const dialog = page.getByRole("dialog", { name: "Document not found" });
    await expect(dialog).toBeVisible();
    await hydrated(page);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test("offers the Korean original (binding) and back", async ({ page }) => {
    // A page whose content does not arrive after hydration: nothing moves the footer under the click.
    await page.goto("/company/about?lang=vi");
    await hydrated(page);
    await footer(page).getByRole("link", { name: "Chính sách xử lý thông tin cá nhân" }).click();
    const dialog = page.getByRole("dialog", { name: "Chính sách xử lý thông tin cá nhân" });
    const body = dialog.getByRole("region");
    await expect(body).toHaveAttribute("lang", "vi");
    await dialog.getByRole("link", { name: "Đọc bản gốc tiếng Hàn (có giá trị pháp lý)" }).click();
    await expect(body).toHaveAttribute("lang", "ko");
    await expect(body).toContainText("개인정보");
    await dialog.getByRole("link", { name: "Đọc bằng tiếng Việt" }).click();
    await expect(body).toHaveAttribute("lang", "vi");
    await dialog.getByRole("button", { name: "Xác nhận" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/company\/about\?lang=vi$/);
  });

  test("documents are loaded only when the modal opens", async ({ page }) => {
    const html = await (await page.request.get("/company/about")).text();
    expect(html).not.toContain("Purposes of processing");
    await page.goto("/company/about");
    await hydrated(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(".data") && r.url().includes("policy=privacy")),
      footer(page).getByRole("link", { name: "Privacy policy" }).click(),
    ]);
    expect(await response.text()).toContain("Purposes of processing");
  });

  test("a link to ?policy=kind opens it in the server HTML and it works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/loan-consultation?policy=notice");
    const dialog = page.getByRole("dialog", { name: "Loan financial product notice" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("region")).toContainText("Effective date");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    // Footer links work too: a plain page load with the modal open.
    await footer(page).getByRole("link", { name: "User complaint handling policy" }).click();
    await expect(page.getByRole("dialog", { name: "User complaint handling policy" })).toBeVisible();
    await context.close();
  });

  test("it is a real modal dialog: focus inside, page behind inert, axe passes", async ({ page }) => {
    await page.goto("/?policy=privacy&lang=my");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "ကိုယ်ရေးအချက်အလက်ဆိုင်ရာ မူဝါဒ" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.matches(":modal") && el.contains(document.activeElement))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("floating contact widget (spec §2, §4)", () => {
  const open = (page: Page) => page.getByRole("button", { name: "Contact us" });
  const close = (page: Page) => page.getByRole("button", { name: "Close contact options" });
  const options = (page: Page) => page.getByRole("list", { name: "Contact options" });

  test("sits at the bottom right, 28px from the bottom", async ({ page }) => {
    await page.goto("/company/about");
    const box = (await open(page).boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844 - 28);
    expect(Math.round(box.x + box.width)).toBe(390 - 16);
    expect(await open(page).evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
  });

  test("opens over a dimmed page with Call, WhatsApp and Messenger; the button becomes a close button", async ({ page }) => {
    await page.goto("/company/about");
    await hydrated(page);
    await expect(options(page)).toBeHidden();
    await open(page).click();
    await expect(options(page)).toBeVisible();
    await expect(options(page).getByRole("link", { name: "Call us" })).toHaveAttribute("href", "tel:15880000");
    const whatsapp = options(page).getByRole("link", { name: /WhatsApp/ });
    await expect(whatsapp).toHaveAttribute("href", "https://wa.me/821000000000");
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    const messenger = options(page).getByRole("link", { name: /Messenger/ });
    await expect(messenger).toHaveAttribute("href", "https://www.facebook.com/example.kloanguide");
    await expect(messenger).toHaveAttribute("target", "_blank");
    const backdrop = await page.locator("#contact-options").evaluate((el) => getComputedStyle(el, "::backdrop").backgroundColor);
    expect(backdrop).toMatch(/^rgba\(\d+, \d+, \d+, 0\.[1-9]/);
    // The close button is where the chat button was.
    const closeBox = (await close(page).boundingBox())!;
    const openBox = (await open(page).boundingBox())!;
    expect(closeBox).toEqual(openBox);
    expect(await axeViolations(page)).toEqual([]);
    await close(page).click();
    await expect(options(page)).toBeHidden();
    await expect(open(page)).toBeVisible();
  });

  test("a tap outside or Escape closes it", async ({ page }) => {
    await page.goto("/company/about");
    await hydrated(page);
    await open(page).click();
    await page.mouse.click(40, 300);
    await expect(options(page)).toBeHidden();
    await open(page).click();
    await page.keyboard.press("Escape");
    await expect(options(page)).toBeHidden();
  });

  test("works before and without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/information-service/visa");
    await open(page).click();
    await expect(options(page)).toBeVisible();
    await close(page).click();
    await expect(options(page)).toBeHidden();
    await context.close();
  });
});

/** A day as the server writes it in English (formatDay): "April 27, 2023". */
function englishDay(day: string): string {
  return new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
