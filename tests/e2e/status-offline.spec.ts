import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { newStatusLink } from "#tests/support/status-page.ts";
import { countRows } from "#tests/support/e2e-db.ts";

/**
 * Issue 38, item 4: after one visit the status page opens without a network
 * (the visitors' real service worker, scoped to /status/), showing its last
 * state, that it is offline and "as of" when (Korea time), axe clean; a
 * withdrawal removes the copy; without JavaScript the online page shows
 * nothing of it. Screenshot at 390×844 in test-results/status/.
 */
const en = JSON.parse(readFileSync(new URL("../../locales/en/status.json", import.meta.url), "utf8")) as {
  offline: { title: string; asOf: string };
  withdraw: { start: string; confirm: string };
  withdrawn: { title: string };
};

test.use({ serviceWorkers: "allow" });

/** Waits until the worker controls the page and keeps its copy. */
async function kept(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const copy = await caches.match(location.origin + location.pathname);
        return navigator.serviceWorker.controller !== null && copy !== undefined;
      }),
    )
    .toBe(true);
}

test("after one visit the status page opens offline with its last state, as of its time, axe clean", async ({ page, context }) => {
  const href = await newStatusLink(page, "01055550381");
  await page.goto(href);
  await hydrated(page);
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  await expect(page.getByText(en.offline.title)).toBeHidden();
  await kept(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
  await expect(page.getByText(en.offline.title)).toBeVisible();
  await expect(page.getByText(/^This is your request as of .*\d{2}:\d{2} \(Korea time\), the last time/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/status/offline-en.png", fullPage: true });
  await context.setOffline(false);
});

test("a withdrawal removes the offline copy; a second request keeps its own", async ({ page, context }) => {
  const other = await newStatusLink(page, "01055550382");
  await page.goto(other);
  await hydrated(page);
  await kept(page);
  const href = await newStatusLink(page, "01055550383");
  await page.goto(href);
  await hydrated(page);
  await kept(page);

  await page.getByRole("button", { name: en.withdraw.start }).click();
  await page.getByRole("button", { name: en.withdraw.confirm }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.withdrawn.title);
  const origin = new URL(page.url()).origin;
  await expect
    .poll(() => page.evaluate(async (url) => (await caches.match(url)) === undefined, origin + new URL(href, origin).pathname))
    .toBe(true);
  expect(await page.evaluate(async (url) => (await caches.match(url)) !== undefined, origin + new URL(other, origin).pathname)).toBe(true);

  await context.setOffline(true);
  // Nothing kept: the browser's own offline error, not the withdrawn page nor its notice.
  await page.reload().catch(() => undefined);
  await expect(page.getByText(en.offline.title)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: en.withdrawn.title })).toHaveCount(0);
  await context.setOffline(false);
});

test("without JavaScript the page shows nothing of the offline copy", async ({ page, browser }) => {
  const href = await newStatusLink(page, "01055550384");
  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const plain = await noJs.newPage();
  await plain.goto(new URL(href, page.url()).toString());
  await expect(plain.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(plain.getByText(en.offline.title)).toBeHidden();
  expect(await plain.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  await noJs.close();
});

test.describe("with a stand-in push subscription", () => {
  // Headless Chromium reaches no push service: the page's PushManager answers one subscription of an https endpoint.
  test.use({ permissions: ["notifications"] });

  test("subscribe, then stop notifications: the server forgets the phone and the next visit says they are off", async ({ page }) => {
    const button = JSON.parse(readFileSync(new URL("../../locales/en/status.json", import.meta.url), "utf8")).push.button as Record<
      string,
      string
    >;
    await page.addInitScript(() => {
      // Kept in the tab's session, as a browser keeps a subscription across visits.
      const made = () => {
        const endpoint = sessionStorage.getItem("e2e-push");
        if (!endpoint) return null;
        return {
          endpoint,
          toJSON: () => ({ endpoint, keys: { p256dh: "B" + "A".repeat(86), auth: "A".repeat(22) } }),
          unsubscribe: async () => (sessionStorage.removeItem("e2e-push"), true),
        } as unknown as PushSubscription;
      };
      PushManager.prototype.subscribe = async function () {
        sessionStorage.setItem("e2e-push", `https://push.example.com/e2e/${Math.random().toString(36).slice(2)}`);
        return made()!;
      };
      PushManager.prototype.getSubscription = async function () {
        return made();
      };
    });
    const href = await newStatusLink(page, "01055550385");
    const token = /\/status\/([\w-]{43})/.exec(href)![1]!;
    const rows = () =>
      countRows(
        "SELECT COUNT(*) AS n FROM visitor_push_subscriptions s JOIN request_status_links l ON l.id = s.status_link_id WHERE l.token_hash = ?",
        createHash("sha256").update(token).digest("hex"),
      );
    await page.goto(href);
    await hydrated(page);
    await page.getByRole("button", { name: button.on! }).click();
    await expect(page.getByText(button.isOn!)).toBeVisible();
    await expect.poll(rows).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: button.off! }).click();
    // Enabled, not merely shown: while busy the same button stands disabled, and the phone has not yet let go.
    await expect(page.getByRole("button", { name: button.on! })).toBeEnabled();
    await expect.poll(rows).toBe(0);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("button", { name: button.on! })).toBeVisible();
  });
});
