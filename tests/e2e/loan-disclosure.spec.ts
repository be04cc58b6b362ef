import type { Locator, Page } from "@playwright/test";
import { test, expect, axeViolations, hydrated } from "#tests/e2e/fixtures.ts";

/**
 * The loan-ad disclosure on every surface that shows a rate (issue 35), at
 * 390×844 and at 320 px, in all five languages: the Korean block as the law
 * writes it, then the visitor's language, with the values of the seeded
 * sample products (migration 0150), at body size, not smaller than the
 * banner's title, never wider than the screen; axe clean.
 */
const LANGS = {
  en: { lenders: "We broker the loans of", fee: "It is illegal for a loan broker" },
  vi: { lenders: "Chúng tôi môi giới các khoản vay của", fee: "bên môi giới đòi hoặc nhận phí môi giới" },
  id: { lenders: "Kami menjadi perantara pinjaman dari", fee: "Perantara pinjaman yang meminta" },
  my: { lenders: "ကျွန်ုပ်တို့သည်", fee: "အကျိုးဆောင်ခ" },
  mn: { lenders: "Бид дараах байгууллагуудын зээлийг зуучилдаг", fee: "зуучлалын шимтгэл шаардах" },
} as const;
const GENERAL = { key: "regional-bank-general", lender: "주식회사 샘플A은행", confirm: "샘플-A-0001", review: "샘플-2026-001" };
const ELIGIBLE = "visa=E-9&expiry=20350101&employed_months=9&employment=standard&income=30000000&amount=5000000&months=24";

/** The block's Korean part carries the law's wording and the product's values; the visitor part follows in `lang`. */
async function expectBlock(block: Locator, lang: keyof typeof LANGS, values: { lender: string; confirm: string }) {
  const ko = block.locator('[data-part="ko"]');
  await expect(ko).toHaveAttribute("lang", "ko");
  await expect(ko).toContainText(
    "샘플중개 주식회사 · 대출성 금융상품 판매대리·중개업자 · 등록번호 제2023-00000호 (등록기관 전국은행연합회",
  );
  await expect(ko).toContainText(
    "주식회사 샘플A은행·주식회사 샘플B은행·주식회사 샘플저축은행의 대출상품 중개(비전속) · 대출계약 체결 권한 없음",
  );
  await expect(ko).toContainText("중개수수료를 요구하거나 받는 것은 불법입니다.");
  await expect(ko).toContainText("금리 연 13%~19.9% (2026년 11월 1일 기준, ");
  await expect(ko).toContainText("연체이자율 약정금리+0.1%p (최고 연 20%)");
  await expect(ko).toContainText("상환능력에 비해 대출금, 신용카드 사용액이 과도할 경우 개인신용평점이 하락할 수 있습니다.");
  await expect(ko).toContainText("계약 체결 전 상품설명서 및 약관을 읽어 보시기 바랍니다.");
  await expect(ko).toContainText("금융소비자는 해당 상품에 대하여 설명을 받을 권리가 있습니다.");
  await expect(ko).toContainText(`${values.lender} 확인필 제${values.confirm}호`);
  await expect(ko).toContainText("준법감시인 심의필 제");
  // No 대부중개업 registration in the sample identity: its items stay off.
  await expect(block.locator("[data-daebu]")).toHaveCount(0);
  const visitor = block.locator('[data-part="visitor"]');
  await expect(visitor).toHaveAttribute("lang", lang);
  await expect(visitor).toContainText(LANGS[lang].lenders);
  await expect(visitor).toContainText(LANGS[lang].fee);
  await expect(visitor).toContainText(values.confirm);
  for (const part of [ko, visitor])
    expect(
      await part
        .locator("p")
        .first()
        .evaluate((p) => getComputedStyle(p).fontSize),
    ).toBe("16px");
}

async function fitsTheScreen(page: Page, block: Locator) {
  const width = page.viewportSize()!.width;
  const box = (await block.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  expect(await block.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

for (const width of [390, 320]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    for (const lang of Object.keys(LANGS) as (keyof typeof LANGS)[]) {
      test(`the home banners carry the block in Korean and ${lang}, as large as the banner's title`, async ({ page }, testInfo) => {
        await page.goto(`/?lang=${lang}`);
        await hydrated(page);
        const items = page.locator("#partner-banners-title + ul > li");
        await expect(items).toHaveCount(3);
        const first = items.first();
        const block = first.getByTestId("loan-disclosure");
        await expectBlock(block, lang, GENERAL);
        await expect(first.locator("a[data-partner]")).toHaveAttribute("href", `/our-products/loan?product=${GENERAL.key}`);
        const title = await first.locator("strong").evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        const body = await block
          .locator("p")
          .nth(1)
          .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        expect(body).toBeGreaterThanOrEqual(title);
        for (const [i, key] of ["regional-bank-student", "savings-bank"].entries())
          await expect(items.nth(i + 1).getByTestId("loan-disclosure")).toHaveAttribute("data-product", key);
        if (width === 320) await fitsTheScreen(page, block);
        if (lang === "en" || lang === "my")
          await page.screenshot({ path: testInfo.outputPath(`home-${lang}-${width}.png`), fullPage: false });
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test("the product page carries the block, then the way on to the lender", async ({ page }, testInfo) => {
      await page.goto(`/our-products/loan?product=${GENERAL.key}&lang=vi`);
      const block = page.getByTestId("loan-disclosure");
      await expectBlock(block, "vi", GENERAL);
      const lender = page.getByRole("link", { name: /Tiếp tục đến 주식회사 샘플A은행/ });
      await expect(lender).toHaveAttribute("href", `/go/${GENERAL.key}`);
      await expect(lender).toHaveAttribute("rel", /noopener/);
      // The block comes before the link.
      expect((await block.boundingBox())!.y).toBeLessThan((await lender.boundingBox())!.y);
      if (width === 320) await fitsTheScreen(page, block);
      await page.screenshot({ path: testInfo.outputPath(`product-${width}.png`), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
    });

    test("each product of the eligibility answer carries the block", async ({ page }) => {
      await page.goto(`/our-products/eligibility?${ELIGIBLE}&lang=id`);
      const blocks = page.getByTestId("loan-disclosure");
      await expect(blocks).toHaveCount(3);
      await expectBlock(blocks.first(), "id", GENERAL);
      if (width === 320) await fitsTheScreen(page, blocks.first());
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(
        `/our-products/repayment-calculator?amount=5000000&rate=19.90&months=24&method=annuity&product=${GENERAL.key}&lang=mn`,
      );
      await expectBlock(page.getByTestId("loan-disclosure"), "mn", GENERAL);
      // Without a product, general arithmetic: no block.
      await page.goto("/our-products/repayment-calculator?amount=5000000&rate=19.90&months=24&method=annuity&lang=mn");
      await expect(page.getByTestId("loan-disclosure")).toHaveCount(0);
    });
  });
}

test.describe("the event popup", () => {
  test.use({ eventPopup: true });
  test("is an ad: it carries the block and leads to the product page", async ({ page }, testInfo) => {
    await page.goto("/?lang=en");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectBlock(dialog.getByTestId("loan-disclosure"), "en", GENERAL);
    await expect(dialog.locator(`a[href="/our-products/loan?product=${GENERAL.key}"]`)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("popup.png") });
    expect(await axeViolations(page)).toEqual([]);
  });
});
