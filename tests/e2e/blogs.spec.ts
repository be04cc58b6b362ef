import type { Page, Request, Route } from "@playwright/test";
import { test, expect, hydrated, renderedFrames, axeViolations } from "#tests/e2e/fixtures.ts";

const PATH = "/information-service/blogs";
const OG_LIST = "**/svc/og/list";

/** The article cards (links inside the feed's list). */
const cards = (page: Page) =>
  page
    .getByRole("list", { name: "Latest articles" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link") });
const skeletons = (page: Page) => page.getByTestId("blog-skeleton");

/** Counts the feed's API calls and the pages they asked for. */
function recordFeedCalls(page: Page) {
  const calls: number[] = [];
  page.on("request", (request: Request) => {
    if (request.url().endsWith("/svc/og/list") && request.method() === "POST") calls.push(JSON.parse(request.postData() ?? "{}").page_num);
  });
  return calls;
}

/**
 * Scrolls to the end of the list, as a reader does: the list's last card at the bottom of
 * the window and a little past it. (Not to the page's end: on a phone the footer is nearly a
 * screen tall, and a jump there skips the list's end, which a reader's scrolling passes.)
 */
async function scrollToEnd(page: Page) {
  await page.evaluate(() => {
    const list = document.querySelector("main ul[aria-labelledby]")!;
    window.scrollTo(0, list.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 200);
  });
}

test.beforeEach(async ({ page }) => {
  // The seeded broken image: fail at once instead of waiting for DNS.
  await page.route("https://images.invalid/**", (route) => route.abort());
});

test.describe("blog feed (spec §2 /information-service/blogs)", () => {
  test("the first page is in the server's HTML: no skeleton, readable without JavaScript", async ({ page }) => {
    const html = await (await page.request.get(PATH)).text();
    expect(html).toContain("F-2 and F-5 visas: what changes for loans");
    expect(html).not.toContain("blog-skeleton");
    expect(html).toContain('href="?page=2#page-2"');
  });

  test("links to the three blog platforms in new tabs", async ({ page }) => {
    await page.goto(PATH);
    const platforms = page.getByRole("link", { name: /Naver Blog|Tistory|Medium/ });
    await expect(platforms).toHaveCount(3);
    for (const link of await platforms.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("loads the next page when the sentinel comes into view, and nothing after the last page", async ({ page }) => {
    const calls = recordFeedCalls(page);
    await page.goto(PATH);
    await hydrated(page);
    await expect(cards(page)).toHaveCount(4);
    expect(calls).toEqual([]);

    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(8);
    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByText("You have reached the end of the list.")).toBeVisible();
    expect(calls).toEqual([2, 3]);

    // Past the last page: scrolling, focus and visibility changes ask for nothing more.
    await scrollToEnd(page);
    await page.evaluate(() => {
      window.dispatchEvent(new Event("focus"));
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect(page.getByRole("link", { name: "Show more articles" })).toHaveCount(0);
    await renderedFrames(page);
    expect(calls).toEqual([2, 3]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("shows four skeleton cards while a page loads", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(OG_LIST, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(PATH);
    await hydrated(page);
    await expect(skeletons(page)).toHaveCount(0);
    await scrollToEnd(page);
    await expect(skeletons(page)).toHaveCount(4);
    await expect(page.getByRole("list", { name: "Latest articles" })).toHaveAttribute("aria-busy", "true");
    release();
    await expect(cards(page)).toHaveCount(8);
    await expect(skeletons(page)).toHaveCount(0);
  });

  test("shows 제목 없음 for a missing title and a placeholder for a missing or broken image", async ({ page }) => {
    await page.goto(PATH);
    await hydrated(page);
    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(8);
    const untitled = page.getByRole("link", { name: /제목 없음/ });
    await expect(untitled).toBeVisible();
    await expect(untitled.getByText("제목 없음")).toHaveAttribute("lang", "ko");
    await expect(untitled.getByTestId("image-placeholder")).toBeVisible();
    const broken = page.getByRole("link", { name: /Reading your Korean pay slip/ });
    await expect(broken.getByTestId("image-placeholder")).toBeVisible();
    await expect(broken.locator("img")).toHaveCount(0);
  });

  test("every card opens its link in a new tab", async ({ page, context }) => {
    await context.route("https://**.example.*/**", (route) => route.fulfill({ body: "article", contentType: "text/plain" }));
    await page.goto(PATH);
    await hydrated(page);
    for (const link of await cards(page).getByRole("link").all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAttribute("href", /^https?:\/\//);
    }
    // Other specs (the console's blog links) share the database: compare with the card's own link.
    const first = cards(page).first().getByRole("link");
    const href = await first.getAttribute("href");
    const popup = page.waitForEvent("popup");
    await first.click();
    expect((await popup).url()).toBe(href);
  });

  test("retries a failed page once", async ({ page }) => {
    const calls = recordFeedCalls(page);
    let failures = 1;
    await page.route(OG_LIST, (route) => (failures-- > 0 ? route.fulfill({ status: 503, json: { res_status: 503 } }) : route.continue()));
    await page.goto(PATH);
    await hydrated(page);
    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(8);
    expect(calls).toEqual([2, 2]);
  });

  test("after the retry fails too, says so and offers to try again", async ({ page }) => {
    const calls = recordFeedCalls(page);
    let down = true;
    await page.route(OG_LIST, (route) => (down ? route.abort() : route.continue()));
    await page.goto(PATH);
    await hydrated(page);
    await scrollToEnd(page);
    await expect(page.getByRole("alert")).toContainText("More articles could not be loaded");
    expect(calls).toEqual([2, 2]);
    down = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(cards(page)).toHaveCount(8);
  });

  test("a page fetched less than 30 s ago comes from the cache when the visitor returns", async ({ page }) => {
    const calls = recordFeedCalls(page);
    await page.goto(PATH);
    await hydrated(page);
    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(8);
    expect(calls).toEqual([2]);
    // Leave and come back inside the app (the cache lives in the page's memory).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Social channels" }).click();
    await expect(page).toHaveURL(/social-channels$/);
    await page.goBack();
    await expect(page).toHaveURL(/blogs$/);
    await expect(cards(page)).toHaveCount(4);
    await scrollToEnd(page);
    await expect(cards(page)).toHaveCount(8);
    expect(calls).toEqual([2]);
  });

  test("without JavaScript, 'more' shows the next page from the server", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(PATH);
    await expect(cards(page)).toHaveCount(4);
    await page.getByRole("link", { name: "Show more articles" }).click();
    await expect(page).toHaveURL(/\?page=2#page-2$/);
    await expect(cards(page)).toHaveCount(8);
    await expect(page.getByRole("link", { name: /제목 없음/ })).toBeVisible();
    await context.close();
  });
});
