import type { CDPSession } from "@playwright/test";
import { test, expect, hydrated } from "#tests/e2e/fixtures.ts";
import { newStatusLink } from "#tests/support/status-page.ts";

/**
 * Issue 38: a push reaches the visitors' real service worker (registered by
 * the status page, scoped to /status/) and shows the notification: its
 * title, body and the tag that keeps one per request. Headless Chromium has
 * no push service, so the message is handed to the worker through the
 * DevTools protocol, as a push service would deliver it; what the server
 * sends to a push service is tested through the production server in
 * visitor-push-server.spec.ts, and a tap on the notification in the
 * worker's unit test (no browser can tap one headless).
 */
test.use({ serviceWorkers: "allow" });

/** The id DevTools gives the page's worker registration. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  return found;
}

test("a push shows its notification with the status link, one per request, at 390×844", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const href = await newStatusLink(page, "01055550382");
  await page.goto(href);
  await hydrated(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, `${origin}/status/`);
  const message = {
    title: "News about your request",
    body: "Your request has been sent to the lender.",
    url: href,
    tag: "status-consultation-1",
  };
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
      })),
    );
  // As a push service does, the message is delivered again until the worker has shown it: on a loaded machine the
  // first hand-over can reach the worker while DevTools still reports it starting (one CI run out of many saw no
  // notification after 5 s). The tag keeps it one notification however often it comes.
  await expect(async () => {
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data: JSON.stringify(message) });
    await expect
      .poll(shown, { timeout: 2_000 })
      .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: new URL(href, origin).href }]);
  }).toPass({ timeout: 10_000 });
  // Later news of the same request replaces it (same tag): the lock screen shows one.
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: id,
    data: JSON.stringify({ ...message, body: "Your request has been closed." }),
  });
  await expect.poll(async () => (await shown()).map((n) => n.body)).toEqual(["Your request has been closed."]);
});
