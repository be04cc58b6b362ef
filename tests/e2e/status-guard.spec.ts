import { randomUUID } from "node:crypto";
import { test, expect } from "#tests/e2e/fixtures.ts";
import { E2E_PORT } from "#tests/support/e2e-env.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { spawnServer, type SpawnedServer } from "#tests/support/raw-http.ts";

/**
 * Issue 39, item 4: the status page guards against guessing links, not
 * against their owner. On a server of its own (every browser here shares
 * one address, and the guard is per address): the owner refreshes their
 * page 60 times in a minute and is never refused; 30 unknown links from one
 * address are refused with 429, Retry-After and a page that says so.
 */
test.describe.configure({ mode: "serial" });

let server: SpawnedServer;
const port = E2E_PORT + 9;
const origin = `http://127.0.0.1:${port}`;

test.beforeAll(async () => {
  server = await spawnServer(port);
});
test.afterAll(async () => {
  await server?.stop();
});

test("the owner refreshing their status page 60 times in a minute is never refused", async ({ request }) => {
  const sent = await request.post(`${origin}/svc/answer/create`, {
    headers: { Origin: origin },
    data: sampleConsultation({ submissionId: randomUUID() }),
  });
  expect(sent.status()).toBe(200);
  const url = ((await sent.json()) as { data: { status_url: string } }).data.status_url;
  const path = new URL(url, origin).pathname;
  const statuses = [];
  for (let i = 0; i < 60; i++) statuses.push((await request.get(`${origin}${path}`)).status());
  expect(statuses.every((s) => s === 200)).toBe(true);
});

test("30 unknown links from one address: refused with 429, Retry-After and a page that says when to try again", async ({
  page,
  request,
}) => {
  const statuses = [];
  for (let i = 0; i < 30; i++)
    statuses.push((await request.get(`${origin}/status/${randomUUID().replace(/-/g, "").padEnd(43, "x")}`)).status());
  expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
  expect(statuses.slice(-10).every((s) => s === 429)).toBe(true);

  const response = await page.goto(`${origin}/status/${"z".repeat(43)}?lang=vi`);
  expect(response!.status()).toBe(429);
  const wait = Number(response!.headers()["retry-after"]);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quá nhiều yêu cầu");
  await expect(page.getByText(`Vui lòng thử lại sau ${wait} giây.`)).toBeVisible();
});
