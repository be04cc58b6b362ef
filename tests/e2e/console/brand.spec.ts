import sharp from "sharp";
import type { Page } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english } from "#tests/e2e/console/fixtures.ts";

/**
 * The console's Brand page (issue 47, item 3) at 390×844: an administrator
 * sets a logo and a KakaoTalk channel, and within seconds a public page's
 * header shows the logo and its contact button offers KakaoTalk; a link on
 * another host is refused beside its field and nothing changes. The page
 * puts the sample back at the end, so the site's other tests find it.
 */
test.use({ viewport: { width: 390, height: 844 }, signedInAs: "admin" });
test.beforeEach(async ({ context }) => english(context));

const KAKAO = "https://pf.kakao.com/_e2eHanbit";
const kakaoField = (page: Page) => page.getByRole("textbox", { name: "KakaoTalk channel link" });

async function saveKakao(page: Page, url: string) {
  await page.goto("/admin/brand");
  await kakaoField(page).fill(url);
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

test("an administrator sets a logo and a KakaoTalk channel; a public page shows both within seconds", async ({ page }) => {
  // Two waits for the content version (checked every 2 s on each instance).
  test.setTimeout(60_000);
  await page.goto("/admin");
  await hydrated(page);
  await page.getByRole("link", { name: "Brand and links" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Brand and links" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  try {
    await saveKakao(page, "https://open.kakao.example/hanbit");
    await expect(page.getByText("Nothing was saved. Please correct the fields marked below.")).toBeVisible();
    await expect(kakaoField(page)).toHaveAccessibleDescription(/Enter a KakaoTalk channel address/);
    await expect(kakaoField(page)).toHaveValue("https://open.kakao.example/hanbit");
    expect(await axeViolations(page)).toEqual([]);

    await saveKakao(page, KAKAO);
    await expect(page.getByText("Saved. The site shows the new details within seconds.")).toBeVisible();

    const logo = await sharp({ create: { width: 200, height: 120, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } })
      .png()
      .toBuffer();
    await page.getByLabel("New logo").setInputFiles({ name: "hanbit-logo.png", mimeType: "image/png", buffer: logo });
    await page.getByRole("button", { name: "Upload logo" }).click();
    await expect(page.getByText("The new image is now on the site.")).toBeVisible();
    await expect(page.getByText("This is the image the site shows now.")).toBeVisible();

    // The public page: the header's mark is the uploaded logo, and the contact button offers KakaoTalk.
    const home = page.getByRole("banner").getByRole("link", { name: /– home$/ });
    await expect
      .poll(
        async () => {
          await page.goto("/company/about");
          return home.locator('img[src^="/media/brand/"]').count();
        },
        { timeout: 5_000, intervals: [250, 500, 1000] },
      )
      .toBe(1);
    const src = await home.locator("img").getAttribute("src");
    expect((await page.request.get(src!)).headers()["content-type"]).toBe("image/webp");
    await hydrated(page);
    await page.getByRole("button", { name: "Contact us" }).click();
    const kakao = page.getByRole("link", { name: /KakaoTalk/ });
    await expect(kakao).toBeVisible();
    await expect(kakao).toHaveAttribute("href", KAKAO);
    await expect(kakao).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.getByRole("link", { name: /Zalo/ })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    // The sample back: the drawn mark and no KakaoTalk.
    await page.goto("/admin/brand");
    const reset = page.getByRole("button", { name: "Put the sample logo back" });
    if (await reset.count()) {
      await reset.click();
      await expect(page.getByText("Saved. The site shows the new details within seconds.")).toBeVisible();
    }
    await saveKakao(page, "");
    await expect(page.getByText(/Saved\.|Nothing changed/)).toBeVisible();
  }
});

test.describe("an agent", () => {
  test.use({ signedInAs: "agent" });
  test("may not open it: 403", async ({ page }) => {
    const response = await page.goto("/admin/brand");
    expect(response?.status()).toBe(403);
  });
});
