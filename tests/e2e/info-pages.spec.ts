import type { BrowserContext, Page } from "@playwright/test";
import { test, expect, hydrated, swipe, axeViolations } from "#tests/e2e/fixtures.ts";

/** External sites answer locally, so a new tab has something to open. */
async function stubExternalSites(context: BrowserContext) {
  await context.route(/^https:\/\//, (route) => route.fulfill({ body: "external", contentType: "text/plain" }));
}

/** Playwright's clock, stopped: time moves only with runFor. */
async function pausedClock(page: Page) {
  const start = new Date("2026-03-02T09:00:00+09:00");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

async function expectNewTabLink(page: Page, name: string | RegExp, href: string) {
  const link = page.getByRole("link", { name });
  await expect(link).toHaveAttribute("href", href);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  return link;
}

test.describe("social channels (spec §2)", () => {
  test("Facebook and Instagram groups expand; TikTok is a direct link; all open new tabs", async ({ page, context }) => {
    await stubExternalSites(context);
    await page.goto("/information-service/social-channels");
    const facebook = page.getByRole("list", { name: "Facebook" });
    const instagram = page.getByRole("list", { name: "Instagram" });
    await expect(facebook).toBeHidden();
    await expect(instagram).toBeHidden();

    await page.getByText("Facebook", { exact: true }).click();
    await expect(facebook).toBeVisible();
    await expect(facebook.getByRole("link")).toHaveCount(6);
    for (const country of ["English", "Mongolia", "Indonesia", "Vietnam", "Uzbekistan", "Philippines"]) {
      const link = facebook.getByRole("link", { name: new RegExp(`^${country}`) });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("href", /^https:\/\/www\.facebook\.com\//);
    }

    await page.getByText("Instagram", { exact: true }).click();
    await expect(instagram.getByRole("link")).toHaveCount(2);
    await expect(instagram.getByRole("link", { name: /^Indonesia/ })).toHaveAttribute("href", /instagram\.com/);

    const tiktok = await expectNewTabLink(page, /^TikTok/, "https://www.tiktok.com/@example.kloanguide");
    const popup = page.waitForEvent("popup");
    await tiktok.click();
    expect((await popup).url()).toBe("https://www.tiktok.com/@example.kloanguide");
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("visa, news and job opportunities (spec §2)", () => {
  test("the visa card opens the visa support site in a new tab", async ({ page, context }) => {
    await stubExternalSites(context);
    await page.goto("/information-service/visa");
    const card = await expectNewTabLink(page, /^Visa support/, "https://visa.example.com");
    const popup = page.waitForEvent("popup");
    await card.click();
    expect((await popup).url()).toMatch(/^https:\/\/visa\.example\.com\/?$/);
  });

  test("the news card opens the community news page in a new tab", async ({ page, context }) => {
    await stubExternalSites(context);
    await page.goto("/information-service/news?lang=mn");
    const card = await expectNewTabLink(page, /^Олон нийтийн мэдээ/, "https://news.example.org/community");
    const popup = page.waitForEvent("popup");
    await card.click();
    expect((await popup).url()).toBe("https://news.example.org/community");
  });

  test("job opportunities: three Korean chips that are not controls, and the article", async ({ page }) => {
    await page.goto("/information-service/job-opportunities?lang=id");
    const chips = page.getByRole("list", { name: "Kata bahasa Korea yang perlu diketahui" }).getByRole("listitem");
    await expect(chips).toHaveText(["고용허가제", "표준근로계약서", "최저임금"]);
    for (const chip of await chips.all()) await expect(chip.locator("[lang=ko]")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "고용허가제" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "고용허가제" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2 })).toHaveCount(5);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("currency exchange (spec §2)", () => {
  const dot = (page: Page, n: number) => page.getByRole("button", { name: new RegExp(`^Show photo ${n}:`) });
  const track = (page: Page) => page.getByRole("group", { name: /of 5$/ }).first().locator("..");

  test("the carousel shows one of five branch photos at a time, every 2000 ms, looping", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/information-service/currency-exchange");
    await hydrated(page);
    await expect(page.getByRole("group", { name: /of 5$/ })).toHaveCount(5);
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");

    await page.clock.runFor(1999);
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(1);
    await expect(dot(page, 2)).toHaveAttribute("aria-current", "true");
    await expect(dot(page, 1)).not.toHaveAttribute("aria-current", "true");
    // The track scrolls to the second photo.
    await expect.poll(() => track(page).evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(1);

    for (const n of [3, 4, 5, 1]) {
      await page.clock.runFor(2000);
      await expect(dot(page, n)).toHaveAttribute("aria-current", "true");
      await expect.poll(() => track(page).evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(n - 1);
    }
  });

  test("a turn that comes while the last one is still scrolling is not taken for a swipe", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/information-service/currency-exchange");
    await hydrated(page);
    const position = () =>
      track(page).evaluate((el) => {
        const [a, b] = el.children as unknown as HTMLElement[];
        return Math.round((el.scrollLeft / (b!.offsetLeft - a!.offsetLeft)) * 100) / 100;
      });
    // Two turns back to back: the second starts while the smooth scroll of the first is under way.
    await page.clock.runFor(2000);
    await expect.poll(position).toBeGreaterThan(0);
    await page.clock.runFor(2000);
    await expect(dot(page, 3)).toHaveAttribute("aria-current", "true");
    await expect.poll(position).toBe(2);
    await expect(dot(page, 3)).toHaveAttribute("aria-current", "true");
  });

  test("a swipe chooses the photo, and the rotation goes on from there", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/information-service/currency-exchange");
    await hydrated(page);
    await swipe(page, track(page), "left");
    await expect(dot(page, 2)).toHaveAttribute("aria-current", "true");
    await page.getByRole("heading", { level: 1 }).click(); // the swipe focused nothing, but be sure focus is outside
    await page.clock.runFor(2000);
    await expect(dot(page, 3)).toHaveAttribute("aria-current", "true");
  });

  test("pauses with the pause button and while the tab is hidden", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/information-service/currency-exchange");
    await hydrated(page);
    await page.getByRole("button", { name: "Pause the automatic change" }).click();
    await page.clock.runFor(6000);
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Resume the automatic change" }).click();
    await page.getByRole("heading", { level: 1 }).click(); // focus leaves the carousel
    await page.clock.runFor(2000);
    await expect(dot(page, 2)).toHaveAttribute("aria-current", "true");

    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.clock.runFor(6000);
    await expect(dot(page, 2)).toHaveAttribute("aria-current", "true");
  });

  test("does not move by itself for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pausedClock(page);
    await page.goto("/information-service/currency-exchange");
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Resume the automatic change" })).toBeVisible();
    await page.clock.runFor(6000);
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
  });

  test("names the five branches and links to the exchange service and its reservation site", async ({ page, context }) => {
    await stubExternalSites(context);
    await page.goto("/information-service/currency-exchange");
    const branches = page.getByRole("region", { name: "Our 5 branches" }).getByRole("listitem");
    await expect(branches).toHaveCount(5);
    await expect(branches.first()).toContainText("Seoul Station branch");
    await expectNewTabLink(page, /^Exchange service/, "https://exchange.example.com");
    const reservation = await expectNewTabLink(page, /^Book an exchange/, "https://exchange.example.com/reservation");
    const popup = page.waitForEvent("popup");
    await reservation.click();
    expect((await popup).url()).toBe("https://exchange.example.com/reservation");
    for (const img of await page.getByRole("group", { name: /of 5$/ }).locator("img").all()) {
      await expect(img).toHaveAttribute("width", "800");
      await expect(img).toHaveAttribute("height", "500");
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});
