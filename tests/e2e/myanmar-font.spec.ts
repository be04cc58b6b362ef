import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, hydrated } from "#tests/e2e/fixtures.ts";

/**
 * Burmese for every phone (issue 18): a Burmese page whose "system" font does
 * not stack Unicode Burmese (a Zawgyi font) loads the self-hosted Unicode
 * font; one whose font does, loads nothing. The phone's font is played by a
 * test font set as the page's --font-system before the page's own scripts run:
 * tests/fixtures/fonts/zawgyi-like.ttf (no stacking, as Zawgyi draws it) or
 * the Unicode font's own bytes under another family and URL.
 */
const fonts = {
  zawgyi: { family: "Zawgyi Like Test", file: new URL("../fixtures/fonts/zawgyi-like.ttf", import.meta.url), type: "font/ttf" },
  unicode: {
    family: "Unicode Myanmar Test",
    file: new URL("../../app/styles/fonts/noto-sans-myanmar.woff2", import.meta.url),
    type: "font/woff2",
  },
} as const;

const SITE_FONT = /\/assets\/noto-sans-myanmar-[\w-]+\.woff2$/;

test.use({ bypassCSP: true });

/** Opens `path` on a phone whose own font is `font`; resolves to the site-font requests seen. */
async function openWithSystemFont(page: Page, path: string, font: keyof typeof fonts) {
  const { family, file, type } = fonts[font];
  await page.route("**/__phone-font", (route) => route.fulfill({ body: readFileSync(file), contentType: type }));
  await page.route(
    (url) => url.pathname === new URL(path, "http://x").pathname,
    async (route) => {
      const response = await route.fetch();
      const style = `<style>@font-face{font-family:"${family}";src:url(/__phone-font)}:root{--font-system:"${family}",sans-serif}</style>`;
      await route.fulfill({ response, body: (await response.text()).replace("</head>", `${style}</head>`) });
    },
  );
  const requests: string[] = [];
  page.on("request", (request) => {
    if (SITE_FONT.test(new URL(request.url()).pathname)) requests.push(request.url());
  });
  await page.goto(path);
  await hydrated(page);
  return requests;
}

test.describe("Burmese on every phone (issue 18)", () => {
  test("a Zawgyi-like phone font: the page loads the Unicode font and renders Burmese with it", async ({ page }) => {
    const fontResponse = page.waitForResponse((response) => SITE_FONT.test(new URL(response.url()).pathname));
    const requests = await openWithSystemFont(page, "/?lang=my", "zawgyi");
    expect((await fontResponse).status()).toBe(200);
    await expect(page.locator("html")).toHaveClass(/\bmyanmar-font\b/);
    expect(requests).toHaveLength(1);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Myanmar Web"', "\u1000"))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Noto Sans Myanmar Web"/);
    // Remembered: the next page chooses before its first paint, with no new measurement needed.
    expect(await page.evaluate(() => localStorage.getItem("myanmar-font"))).toBe("load");
  });

  test("a Unicode phone font: nothing extra is downloaded", async ({ page }) => {
    const requests = await openWithSystemFont(page, "/?lang=my", "unicode");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("myanmar-font"))).toBe("system");
    await expect(page.locator("html")).not.toHaveClass(/\bmyanmar-font\b/);
    expect(requests).toEqual([]);
  });

  test("other languages never probe, whatever the phone's font", async ({ page }) => {
    const requests = await openWithSystemFont(page, "/?lang=en", "zawgyi");
    expect(await page.evaluate(() => localStorage.getItem("myanmar-font"))).toBeNull();
    await expect(page.locator("html")).not.toHaveClass(/\bmyanmar-font\b/);
    expect(requests).toEqual([]);
  });
});
