import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english } from "#tests/e2e/console/fixtures.ts";

/**
 * A 대부중개업 registration through the console's Business page (issue 48
 * item 1b, ADR 0051), and what every visitor then sees at 360 px: the
 * 상호 and the 대부중개업 number on the home page's first screen and at the
 * top left of every ad, above its text (대부업법 시행령 별표 1); the number in
 * the footer; every 제9조③ item and the 별표 1 warnings, word for word from
 * the statute folder, in the ad block. A registration whose 상호 lacks
 * 「대부중개」 is refused until the ground of the 제5조의2③ exemption is
 * recorded. The registration is taken off again at the end, so the site's
 * other tests find the sample (one lender's rules, no 대부업법 items).
 */
test.use({ signedInAs: "admin" });
test.beforeEach(async ({ context }) => english(context));

const DAEBU = {
  "Registration number": "2026-서울중구-0001",
  "Registered on": "2026-02-02",
  "Registering body (Korean)": "서울특별시 중구청",
  "Registering body (English)": "Jung-gu Office, Seoul",
  "Where to verify the registration": "https://www.fines.fss.or.kr",
  "Phone to verify the registration": "02-3396-4114",
};
const LEGAL_NAME = "샘플중개 주식회사";
const MARK = `${LEGAL_NAME} · 대부중개업 등록번호 제${DAEBU["Registration number"]}호`;
const statute = (id: string) =>
  (JSON.parse(readFileSync(new URL(`../../../content/statutes/${id}.json`, import.meta.url), "utf8")) as { ko: string }).ko;
const SCREEN = { width: 360, height: 740 };
const SHOTS = "test-results/daebu-broker";

async function daebuGroup(page: Page): Promise<Locator> {
  await page.goto("/admin/business");
  return page.getByRole("group", { name: "대부중개업 registration (optional)" });
}

async function fillDaebu(page: Page, values: Record<string, string>, exemption: string) {
  const group = await daebuGroup(page);
  for (const [label, value] of Object.entries(values)) await group.getByLabel(label, { exact: true }).fill(value);
  await group.getByLabel("Ground for a 상호 without “대부중개” (대부업법 제5조의2③)").fill(exemption);
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
}

/** `inner` starts in the left half of `outer`'s box, above `below`, no smaller than the header's brand (18 px: 상호 ≥ 상표). */
async function expectTopLeft(inner: Locator, outer: Locator, below: Locator) {
  const [mark, box, text] = await Promise.all([inner.boundingBox(), outer.boundingBox(), below.boundingBox()]);
  expect(mark && box && text).toBeTruthy();
  expect(mark!.x).toBeGreaterThanOrEqual(box!.x);
  expect(mark!.x).toBeLessThan(box!.x + box!.width / 2);
  expect(mark!.y).toBeGreaterThanOrEqual(box!.y);
  expect(mark!.y + mark!.height).toBeLessThanOrEqual(text!.y);
  expect(await inner.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(18);
}

/** The Korean part of an ad's block: every 대부업법 제9조③ / 시행령 제6조③ item and the 별표 1 warnings, word for word. */
async function expectDaebuItems(block: Locator) {
  const ko = block.locator('[data-part="ko"]');
  await expect(ko).toContainText(
    `대부중개업 등록번호 제${DAEBU["Registration number"]}호 (등록기관 서울특별시 중구청, 등록 조회 ☎02-3396-4114)`,
  );
  await expect(ko).toContainText("영업소 서울특별시 중구 샘플로 12 (04524) · 전화 1588-0000");
  for (const item of [
    "금리 연 ",
    "연체이자율 약정금리+",
    "취급수수료 ",
    "중도상환수수료 ",
    "중개수수료를 요구하거나 받는 것은 불법입니다.",
  ])
    await expect(ko).toContainText(item);
  for (const id of ["daebu-warning-misfortune", "daebu-warning-credit"]) await expect(ko).toContainText(statute(id));
}

/** The items beside a rate sentence: the mark first, then each live product's rate, overdue rate and costs, and the warnings. */
async function expectRateItems(items: Locator) {
  await expect(items).toHaveCount(1);
  await expect(items.locator("[data-daebu-mark]")).toHaveText(MARK);
  await expectDaebuItems(items);
  // Korean first, then the visitor's language: the same items in English.
  await expect(items.locator('[data-part="visitor"]')).toContainText("Overdue interest rate");
}

test("a 대부중개업 registration puts the 상호 and its number first on the home page and on every ad at 360 px, with every 대부업법 item", async ({
  page,
}) => {
  // Three saves, the first two waited for on the public pages (content version every 2 s), five pages read at 360 px, five axe runs.
  test.setTimeout(90_000);
  try {
    await fillDaebu(page, DAEBU, "");
    await expect(page.getByText("Nothing was saved. Please correct the fields marked below.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Legal name (Korean)" })).toHaveAccessibleDescription(/must contain “대부중개”/);
    expect(await axeViolations(page)).toEqual([]);

    await fillDaebu(page, DAEBU, "대부중개업 매출 비중이 시행령 기준 미만 (2026년 감사보고서)");
    await expect(page.getByText("Saved. The site shows the new details within seconds.")).toBeVisible();

    await page.setViewportSize(SCREEN);
    // The home page's first screen: the mark above the heading, in the left half, inside 360×740.
    await expect
      .poll(
        async () => {
          await page.goto("/");
          return page.locator("[data-daebu-mark]").first().textContent();
        },
        { timeout: 5_000, intervals: [250, 500, 1000] },
      )
      .toBe(MARK);
    const heroMark = page.locator("section[aria-labelledby='home-title'] [data-daebu-mark]");
    await expect(heroMark).toHaveText(MARK);
    await expectTopLeft(heroMark, page.locator("section[aria-labelledby='home-title']"), page.locator("#home-title"));
    const heroBox = await heroMark.boundingBox();
    expect(heroBox!.y + heroBox!.height).toBeLessThanOrEqual(SCREEN.height);
    // The footer: the 대부중개업 number beside the broker's.
    await expect(page.getByRole("contentinfo").locator("[data-daebu-registration]")).toContainText(DAEBU["Registration number"]);
    // Type sizes (시행령 제6조의2): the 상호 never smaller than the header's 상표, the registration items never smaller than the 상호.
    const size = (locator: Locator) => locator.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const legalName = await size(page.getByRole("contentinfo").locator("[data-legal-name]"));
    expect(await size(page.getByRole("banner").locator("[data-brand-text]"))).toBeLessThanOrEqual(legalName);
    expect(await size(page.getByRole("contentinfo").locator("[data-daebu-registration]"))).toBeGreaterThanOrEqual(legalName);
    // Each partner banner: the mark at the card's top left, above its title.
    const banners = page.locator("[data-partner]");
    expect(await banners.count()).toBeGreaterThan(0);
    const first = banners.first();
    await expectTopLeft(first.locator("[data-daebu-mark]"), first, first.locator("strong"));
    await expectDaebuItems(page.locator("section[aria-labelledby='partner-banners-title'] li").first().getByTestId("loan-disclosure"));
    expect(await axeViolations(page)).toEqual([]);

    // The product's ad: the mark above its name; the block with every 제9조③ item and the 별표 1 warnings verbatim.
    await page.goto("/our-products/loan?product=regional-bank-general");
    const ad = page.locator("section[aria-labelledby='product-ad-title']");
    await expectTopLeft(ad.locator("[data-daebu-mark]"), ad, page.locator("#product-ad-title"));
    await expectDaebuItems(ad.getByTestId("loan-disclosure"));
    expect(await axeViolations(page)).toEqual([]);

    // The calculator from that product: the mark above the calculator's heading and its block.
    await page.goto("/our-products/repayment-calculator?amount=5000000&rate=15&months=12&method=annuity&product=regional-bank-general");
    // The first mark is the ad's (the items beside the rate hint carry their own, further down).
    const calcMark = page.locator("main [data-daebu-mark]").first();
    await expect(calcMark).toHaveText(MARK);
    await expectTopLeft(calcMark, page.locator("main"), page.getByTestId("loan-disclosure"));
    await expectDaebuItems(page.getByTestId("loan-disclosure"));

    // The eligibility answer: each product card starts with the mark, above the product's name; its block has every item.
    await page.goto(
      "/our-products/eligibility?visa=E-9&expiry=20350101&employed_months=9&employment=standard&income=30000000&amount=5000000&months=24",
    );
    const card = page.locator("li[data-fits]").first();
    await expectTopLeft(card.locator("[data-daebu-mark]"), card, card.locator("h3"));
    await expectDaebuItems(card.getByTestId("loan-disclosure"));

    // Every sentence that states the live products' rates has the 제9조③ items beside it (ADR 0056): the loan guide,
    // the calculator's hint, the FAQ's rate answer, the glossary's annual rate and the notice's §2.
    await page.goto("/our-products/loan");
    await expectRateItems(page.getByTestId("rate-items"));
    await page.goto("/our-products/repayment-calculator");
    await expectRateItems(page.getByTestId("rate-items"));
    await page.goto("/information-service/loan-faq?category=interest");
    await page.getByText("What is the interest rate?").click();
    await expectRateItems(page.locator("#loan-faq-panel").getByTestId("rate-items"));
    expect(await axeViolations(page)).toEqual([]);
    await page.goto("/information-service/loan?term=annual-rate");
    await expectRateItems(page.getByRole("log").getByTestId("rate-items"));
    await page.goto("/?policy=notice");
    await expectRateItems(page.getByRole("dialog").getByTestId("rate-items"));
    // Right under §2, which states the rates: before §3's heading.
    const [itemsBox, section3] = await Promise.all([
      page.getByRole("dialog").getByTestId("rate-items").boundingBox(),
      page.getByRole("dialog").getByRole("heading", { name: /^3\./ }).boundingBox(),
    ]);
    expect(itemsBox!.y + itemsBox!.height).toBeLessThanOrEqual(section3!.y);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/information-service/loan-faq?category=interest");
    await page.getByText("What is the interest rate?").click();
    await page.getByTestId("rate-items").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/faq-rate-items.png` });

    // Screenshots at 390×844, looked at by a person: the home page's first screen, and the product's ad block.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.screenshot({ path: `${SHOTS}/home-first-screen.png` });
    await page.goto("/our-products/loan?product=regional-bank-general");
    await page.screenshot({ path: `${SHOTS}/product-page.png` });
    await ad.screenshot({ path: `${SHOTS}/product-ad.png` });
  } finally {
    // Off again: the sample has no 대부중개업 registration.
    await page.setViewportSize({ width: 390, height: 844 });
    await fillDaebu(page, Object.fromEntries(Object.keys(DAEBU).map((label) => [label, ""])), "");
    await expect(page.getByText("Saved. The site shows the new details within seconds.")).toBeVisible();
  }
});
