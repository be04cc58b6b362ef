import { readFileSync } from "node:fs";
import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { newStatusLink } from "#tests/support/status-page.ts";

/**
 * Issue 38: "Tell me on this phone" on the status page appears only with
 * JavaScript where the browser can receive Web Push, axe clean; without
 * JavaScript the page says nothing about notifications. (A real push
 * subscription is not made here: headless Chromium has no push service.)
 * Screenshot at 390×844 in test-results/status/.
 */
const en = JSON.parse(readFileSync(new URL("../../locales/en/status.json", import.meta.url), "utf8")) as {
  push: { button: Record<string, string> };
};

test("with JavaScript the button appears after the status, axe clean; without it the page says nothing of notifications", async ({
  page,
  browser,
}) => {
  const href = await newStatusLink(page);
  await page.goto(href);
  await hydrated(page);
  const button = page.getByRole("button", { name: en.push.button.on! });
  await expect(button).toBeVisible();
  await expect(page.getByText(en.push.button.why!)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // Nothing asked before the tap, and no push subscription: the page's load registers only the offline copy's worker.
  expect(await page.evaluate(() => Notification.permission)).toBe("default");
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
  await page.screenshot({ path: "test-results/status/push-button-en.png", fullPage: true });

  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const plain = await noJs.newPage();
  await plain.goto(new URL(href, page.url()).toString());
  await expect(plain.getByRole("heading", { level: 1 })).toBeVisible();
  for (const words of Object.values(en.push.button)) await expect(plain.getByText(words)).toHaveCount(0);
  await noJs.close();
});
