import type { Page } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english, seed } from "#tests/e2e/console/fixtures.ts";
import { E2E_PUSH_PORT } from "#tests/support/e2e-env.ts";
import { startFakePushService, type Subscriber } from "#tests/support/alert-receivers.ts";

/**
 * Alerts in the console (issue 12), against the production build: the
 * Alerts page turns Web Push on for this device and sends it a test alert
 * (a fake push service on this machine decrypts it), requests are unread
 * until opened, and a failing channel is reported at the top of the inbox.
 *
 * Headless Chromium has no push service of its own, so the browser's
 * PushManager is replaced by one that hands out the fake service's
 * subscription; everything else (service worker, permission, page, server,
 * encryption, VAPID) is the real thing.
 */
test.use({ signedInAs: "admin" });
test.beforeEach(async ({ context }) => english(context));

async function fakePushManager(page: Page, device: Subscriber) {
  await page.addInitScript(({ endpoint, keys }) => {
    const KEY = "e2e-push-subscribed";
    const subscription = {
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null as ArrayBuffer | null },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array;
      (window as unknown as { e2eServerKeyBytes: number }).e2eServerKeyBytes = key.byteLength;
      localStorage.setItem(KEY, "1");
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? subscription : null) as unknown as PushSubscription | null;
    };
  }, device);
}

test("the Alerts page turns push alerts on for this device, sends a test alert, and turns them off", async ({ page, context, baseURL }) => {
  const push = await startFakePushService({ port: E2E_PUSH_PORT });
  try {
    const device = push.subscribe();
    await fakePushManager(page, device);
    await context.grantPermissions(["notifications"], { origin: baseURL! });
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Alerts" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alerts");
    await hydrated(page);
    await expect(page.getByText("Alerts are off for this device.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Turn on alerts" }).click();
    await expect(page.getByText("Alerts are on for this device.")).toBeVisible();
    await expect(page.getByText("Alerts are now on for this device.")).toBeVisible();
    // The subscription was made with the server's VAPID public key (a P-256 point, 65 bytes),
    // through the console's own service worker, which controls all of /admin.
    expect(await page.evaluate(() => (window as unknown as { e2eServerKeyBytes: number }).e2eServerKeyBytes)).toBe(65);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/admin"))?.scope)).toBe(`${baseURL}/admin`);
    await expect(page.getByRole("region", { name: "Web Push" })).toContainText("Devices of active operators: 1");

    await page.getByRole("button", { name: "Send a test alert" }).click();
    await expect(page.getByText("Test alert sent. It should appear on this device in a few seconds.")).toBeVisible();
    const [received] = push.received;
    expect(received!.contentEncoding).toBe("aes128gcm");
    expect(received!.vapid?.aud).toBe(push.origin);
    expect(JSON.parse(received!.payload!)).toMatchObject({ title: "테스트 알림", url: expect.stringMatching(/\/admin\/notifications$/) });

    // After a reload the page still knows this device.
    await page.reload();
    await hydrated(page);
    await expect(page.getByText("Alerts are on for this device.")).toBeVisible();
    await page.getByRole("button", { name: "Turn off alerts" }).click();
    await expect(page.getByText("Alerts are now off for this device.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on alerts" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await push.close();
  }
});

test("the console is an installable app: its manifest, icons and service worker", async ({ request }) => {
  const manifest = await request.get("/admin/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = (await manifest.json()) as {
    start_url: string;
    scope: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body).toMatchObject({ start_url: "/admin", scope: "/admin", display: "standalone" });
  expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  for (const icon of body.icons) expect((await request.get(icon.src)).headers()["content-type"]).toBe("image/png");
  const sw = await request.get("/admin/sw.js");
  expect(sw.headers()["service-worker-allowed"]).toBe("/admin");
  expect(sw.headers()["content-type"]).toContain("text/javascript");
  expect(await sw.text()).toContain("notificationclick");
});

test("a new request is marked unread in the inbox until an operator opens it", async ({ page }) => {
  const name = `UNREAD PERSON ${Date.now()}`;
  seed("consultation", { name, phone: "01055556666" });
  await page.goto("/admin");
  const search = page.getByRole("search");
  await search.getByLabel("Name or phone").fill(name);
  await search.getByRole("button", { name: "Apply" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Unread", { exact: true })).toBeVisible();
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Loan consultation #\d+$/);
  await page.getByRole("link", { name: "← Back to the inbox" }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name }).getByText("Unread", { exact: true })).toHaveCount(0);
});

test("a channel failing for more than 15 minutes is reported at the top of the inbox", async ({ page }) => {
  const { id } = seed("alert-failing", { minutes: 20 });
  try {
    await page.goto("/admin");
    const warning = page.getByRole("alert").filter({ hasText: "Alerts are failing" });
    await expect(warning).toContainText(/Webhook has not delivered for 2\d minutes/);
    expect(await axeViolations(page)).toEqual([]);
    await warning.getByRole("link", { name: "See the alert deliveries" }).click();
    const webhook = page.getByRole("region", { name: "Webhook" });
    await expect(webhook).toContainText(/Failing since \d{4}-\d\d-\d\d \d\d:\d\d KST/);
    await expect(webhook).toContainText("Retrying: attempt 4 failed (network: ECONNREFUSED)");
    expect(id).toBeGreaterThan(0);
  } finally {
    seed("alert-clear");
  }
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  await expect(page.getByRole("alert").filter({ hasText: "Alerts are failing" })).toHaveCount(0);
});
