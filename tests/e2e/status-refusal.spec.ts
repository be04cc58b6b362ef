import { randomUUID } from "node:crypto";
import { test, expect, hydrated } from "#tests/e2e/fixtures.ts";
import { E2E_PORT } from "#tests/support/e2e-env.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { spawnServer, type SpawnedServer } from "#tests/support/raw-http.ts";

/**
 * Issue 51: the status page's "close my request", posted from an address
 * that has spent the page's guard against guessed links (30 unknown links),
 * is refused with 429 and Retry-After, never a 200, and the visitor reads
 * when to try again. With JavaScript the page stays as it was, the wait
 * beside its forms and its buttons still there; without, the page in its
 * place says the wait in the site's frame. On a server of its own: the
 * guard is per address, and every browser here shares one.
 */
let server: SpawnedServer;
const port = E2E_PORT + 12;
const origin = `http://127.0.0.1:${port}`;
const VIEWPORT = { width: 390, height: 844 };

test.beforeAll(async () => {
  server = await spawnServer(port);
});
test.afterAll(async () => {
  await server?.stop();
});

test("close my request from a guarded address: 429 and the wait, the page usable, with and without JavaScript", async ({
  browser,
  request,
}) => {
  const sent = await request.post(`${origin}/svc/answer/create`, {
    headers: { Origin: origin },
    data: sampleConsultation({ submissionId: randomUUID() }),
  });
  expect(sent.status()).toBe(200);
  const path = new URL(((await sent.json()) as { data: { status_url: string } }).data.status_url, origin).pathname;

  // The owner has their page open, with JavaScript and without, before the address is guarded.
  const withJs = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  await withJs.goto(`${origin}${path}?lang=en`);
  await hydrated(withJs);
  const noJs = await (await browser.newContext({ viewport: VIEWPORT, javaScriptEnabled: false })).newPage();
  await noJs.goto(`${origin}${path}?lang=en`);
  const close = (page: typeof withJs) => page.getByRole("button", { name: "Close my request" });
  await expect(close(noJs)).toBeVisible();
  // …and on a phone that may show notifications. Headless Chromium has no push service, so the browser's own
  // subscription is made up here (as a phone's would be); the post of it to our server is real.
  const phone = await browser.newContext({ viewport: VIEWPORT, permissions: ["notifications"] });
  await phone.addInitScript(() => {
    const subscription = {
      endpoint: "https://fcm.googleapis.com/fcm/send/e2e-guarded-phone",
      toJSON: () => ({
        endpoint: "https://fcm.googleapis.com/fcm/send/e2e-guarded-phone",
        keys: {
          p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
          auth: "tBHItJI5svbpez7KI4CCXg",
        },
      }),
      unsubscribe: async () => true,
    };
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async () => subscription as unknown as PushSubscription;
  });
  const push = await phone.newPage();
  await push.goto(`${origin}${path}?lang=en`);
  await hydrated(push);
  const tellMe = push.getByRole("button", { name: "Tell me on this phone" });
  await expect(tellMe).toBeEnabled();

  // Someone on the same address tries 30 unknown links: the guard is spent.
  for (let i = 0; i < 30; i++) await request.get(`${origin}/status/${randomUUID().replace(/-/g, "").padEnd(43, "x")}`);

  // With JavaScript: 429 with Retry-After; the wait beside the form, the page and its buttons still there.
  const refused = withJs.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(path));
  await close(withJs).click();
  const answer = await refused;
  expect(answer.status()).toBe(429);
  const wait = Number(answer.headers()["retry-after"]);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  await expect(withJs.getByRole("alert")).toHaveText(
    `Too many attempts from this connection, so nothing was changed. Please try again in ${wait} seconds.`,
  );
  await expect(withJs.getByRole("heading", { level: 1 })).toHaveText("Your loan consultation request");
  await expect(close(withJs)).toBeEnabled();
  await expect(withJs.getByRole("button", { name: "Save this time" })).toBeEnabled();

  // Notifications asked for from the guarded address: 429, the wait beside the button, which still offers them
  // (before, it said they were on while the server had refused them).
  const pushed = push.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(path));
  await tellMe.click();
  const pushAnswer = await pushed;
  expect(pushAnswer.status()).toBe(429);
  const pushWait = Number(pushAnswer.headers()["retry-after"]);
  await expect(push.getByRole("alert")).toHaveText(
    `Too many attempts from this connection, so nothing was changed. Please try again in ${pushWait} seconds.`,
  );
  await expect(tellMe).toBeEnabled();
  await expect(push.getByText("Notifications are on for this request on this phone.")).toHaveCount(0);

  // Without JavaScript: the document answers 429 with Retry-After and says the wait, in the site's frame.
  const posted = noJs.waitForResponse((r) => r.request().method() === "POST");
  await close(noJs).click();
  const document = await posted;
  expect(document.status()).toBe(429);
  const waitNoJs = Number(document.headers()["retry-after"]);
  expect(waitNoJs).toBeGreaterThan(0);
  await expect(noJs.getByRole("heading", { level: 1 })).toHaveText("Too many requests");
  await expect(noJs.getByText(`Please try again in ${waitNoJs} seconds.`)).toBeVisible();
  // The frame still leads on: its home link opens the home page.
  await noJs.getByRole("banner").getByRole("link", { name: /home/ }).click();
  await expect(noJs).toHaveURL(`${origin}/`);
});
