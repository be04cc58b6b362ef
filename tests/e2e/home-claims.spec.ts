import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";

/**
 * The home page's figures and reviews as a fresh install shows them (issue
 * 35, item 4; the console spec changes them later): each figure with the
 * day it was counted and its source, in the visitor's language; the reviews
 * and the overall rating computed from them. At 390×844 in all five languages.
 */
const FRESH = {
  en: {
    figures: ["100,000", "50,000", "85%", "₩5.2 billion"],
    asOf: "As of November 1, 2026",
    source: "Source: Sample figure from the product specification, not yet confirmed",
    overall: "Average rating 5 out of 5 from 3 reviews",
  },
  vi: {
    figures: ["100.000", "50.000", "85%", "5,2 tỷ won"],
    asOf: "Tính đến 1 tháng 11, 2026",
    source: "Nguồn: Số liệu mẫu trong bản đặc tả sản phẩm, chưa được xác nhận",
    overall: "Điểm trung bình 5 trên 5 sao từ 3 đánh giá",
  },
  id: {
    figures: ["100.000", "50.000", "85%", "5,2 miliar won"],
    asOf: "Per 1 November 2026",
    source: "Sumber: Angka contoh dari spesifikasi produk, belum dikonfirmasi",
    overall: "Nilai rata-rata 5 dari 5 berdasarkan 3 ulasan",
  },
  my: {
    figures: ["100,000", "50,000", "85%", "ဝမ် 5.2 ဘီလီယံ"],
    asOf: "2026 နိုဝင်ဘာ 1 ရက်နေ့အထိ",
    source: "ရင်းမြစ်- ထုတ်ကုန် သတ်မှတ်ချက်စာတမ်းပါ နမူနာ ကိန်းဂဏန်း ဖြစ်ပြီး အတည်မပြုရသေးပါ",
    overall: "သုံးသပ်ချက် 3 ခု၏ ပျမ်းမျှ - ကြယ် 5 ပွင့်အနက် 5 ပွင့်",
  },
  mn: {
    figures: ["100,000", "50,000", "85%", "5.2 тэрбум вон"],
    asOf: "Тоолсон огноо: 2026 оны 11-р сарын 1",
    source: "Эх сурвалж: Бүтээгдэхүүний тодорхойлолтын жишээ тоо, баталгаажаагүй",
    overall: "3 сэтгэгдлийн дундаж үнэлгээ: 5-аас 5",
  },
};

test.describe("home figures and reviews, fresh install (issue 35, item 4)", () => {
  for (const [lang, expected] of Object.entries(FRESH)) {
    test(`in ${lang}: four figures in won, each with its day and source; the rating computed from the reviews`, async ({
      page,
    }, testInfo) => {
      // Reduced motion: no section waits to slide in, so the screenshots show them (the clock holds the banner still).
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.clock.install({ time: new Date("2026-11-27T10:00:00+09:00") });
      await page.clock.pauseAt(new Date("2026-11-27T10:00:01+09:00"));
      await page.goto(`/?lang=${lang}`);
      const banner = page.locator("#stats-title").locator("..");
      const items = banner.getByRole("listitem");
      await expect(items).toHaveCount(4);
      for (const [i, value] of expected.figures.entries()) {
        await expect(items.nth(i)).toContainText(value);
        await expect(items.nth(i)).toContainText(expected.asOf);
        await expect(items.nth(i)).toContainText(expected.source);
      }
      // The one on screen shows its day and source beside it.
      const shown = banner.locator("[data-figure]").first();
      await expect(shown).toBeVisible();
      await expect(shown).toContainText(expected.asOf);
      await expect(shown).toContainText(expected.source);
      const text = await page.locator("body").innerText();
      expect(text).not.toMatch(/\$|USD|ам\.доллар|ဒေါ်လာ|Sign-ups/);
      await expect(page.getByRole("img", { name: expected.overall })).toBeVisible();
      await banner.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`figures-${lang}.png`) });
      await page.locator("#testimonials-title").scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`reviews-${lang}.png`) });
    });
  }

  test("passes axe with the figures and reviews", async ({ page }) => {
    await page.goto("/?lang=my");
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
