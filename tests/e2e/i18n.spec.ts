import { readFileSync } from "node:fs";
import { test, expect, hydrated } from "#tests/e2e/fixtures.ts";

test.describe("language (spec §4)", () => {
  test("?lang= renders that language, sets <html lang>, and is remembered in cookie and localStorage", async ({ page, context }) => {
    await page.goto("/company/about?lang=vi");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "lang")?.value).toBe("vi");
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("vi");
    // The next page, with no ?lang, is rendered in Vietnamese by the server.
    const response = await page.request.get("/company/location");
    expect(await response.text()).toContain('<html lang="vi"');
  });

  test("a page from the cache for ?lang= remembers the language in the cookie only when the cookie says another", async ({ request }) => {
    const url = "/our-products/insurance?lang=mn";
    await request.get(url, { headers: { cookie: "lang=mn" } });
    const changed = await request.get(url, { headers: { cookie: "lang=vi" } });
    expect(changed.headers()["x-page-cache"]).toBe("hit");
    expect(changed.headers()["set-cookie"]).toMatch(/^lang=mn; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(await changed.text()).toContain('<html lang="mn"');
    const same = await request.get(url, { headers: { cookie: "lang=mn" } });
    expect(same.headers()["x-page-cache"]).toBe("hit");
    expect(same.headers()["set-cookie"]).toBeUndefined();
  });

  test("the browser language is used when nothing is stored", async ({ browser }) => {
    const context = await browser.newContext({ locale: "id-ID" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await context.close();
  });

  test("an unsupported browser language falls back to English", async ({ browser }) => {
    const context = await browser.newContext({ locale: "ko-KR" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });

  test("a choice stored only in localStorage is applied before the visitor reads the page", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    await context.addInitScript(() => {
      if (!localStorage.getItem("lang")) localStorage.setItem("lang", "mn");
    });
    const page = await context.newPage();
    await page.goto("/company/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "mn");
    await context.close();
  });

  test("the switch in the menu lists EN VI ID MY MN, highlights the current one and switches", async ({ page }) => {
    await page.goto("/company/about");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    const nav = menu.getByRole("navigation", { name: "Language" });
    await expect(nav.getByRole("link")).toHaveText(["EN", "VI", "ID", "MY", "MN"]);
    await expect(nav.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
    await nav.getByRole("link", { name: "Монгол хэл" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "mn");
    await expect(page).toHaveURL(/\/company\/about\?lang=mn$/);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.locator("h1")).not.toHaveText("About us");
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("mn");
  });
});

test.describe("carousels in the page's language", () => {
  const catalog = (lang: string) =>
    JSON.parse(readFileSync(new URL(`../../locales/${lang}/common.json`, import.meta.url), "utf8")) as {
      carousel: { role: string; slide: string };
      rotation: { pause: string };
    };
  const english = catalog("en");

  for (const [path, lang, slides] of [
    // The home page's reviews carousel shows only once an administrator confirms the reviews (issue 48 item 3):
    // the console's home-claims spec walks it; here the exchange branches' carousel in three languages.
    ["/information-service/currency-exchange", "vi", 5],
    ["/information-service/currency-exchange", "my", 5],
    ["/information-service/currency-exchange", "mn", 5],
  ] as const) {
    test(`${path}?lang=${lang} announces carousel, slides and the pause button in that language`, async ({ page }) => {
      const words = catalog(lang);
      expect(words.carousel.role).not.toBe(english.carousel.role);
      await page.goto(`${path}?lang=${lang}`);
      await hydrated(page);
      const carousel = page.locator(`[role="group"][aria-roledescription="${words.carousel.role}"]`);
      await expect(carousel).toHaveCount(1);
      await expect(carousel.locator(`[role="group"][aria-roledescription="${words.carousel.slide}"]`)).toHaveCount(slides);
      await expect(carousel.getByRole("button", { name: words.rotation.pause, exact: true })).toBeVisible();
      // Nothing on the page is announced with the English words.
      await expect(
        page.locator(`[aria-roledescription="${english.carousel.role}"], [aria-roledescription="${english.carousel.slide}"]`),
      ).toHaveCount(0);
    });
  }
});
