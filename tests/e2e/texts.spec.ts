import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { E2E_PORT } from "#tests/support/e2e-env.ts";
import { spawnServer, type SpawnedServer } from "#tests/support/raw-http.ts";
import { startFakeSolapi, type FakeSolapi } from "#tests/support/fake-solapi.ts";

/**
 * Issue 49, done when: a consultation sent from the page, with and without
 * JavaScript, makes the fake SOLAPI receive the status link in the visitor's
 * language within 60 s — through the production server as it runs (the
 * outbox's worker from source, the texts from the app's bundle), its poll
 * shortened by OUTBOX_POLL_MS. No 알림톡 template is set: the link goes by
 * SMS/LMS in KS X 1001. The form says beforehand that it will.
 */
test.describe.configure({ mode: "serial" });
// The done-when allows the text 60 s; a third of the timeout keeps that room.
test.setTimeout(180_000);

let server: SpawnedServer;
let fake: FakeSolapi;
const port = E2E_PORT + 13;
const file = join(mkdtempSync(join(tmpdir(), "texts-")), "db.sqlite");

test.beforeAll(async () => {
  fake = await startFakeSolapi({ apiKey: "E2EKEY", apiSecret: "E2ESECRET" });
  server = await spawnServer(port, {
    DATABASE_URL: `file:${file}`,
    RATE_LIMIT_DISABLED: "1",
    SOLAPI_API_KEY: "E2EKEY",
    SOLAPI_API_SECRET: "E2ESECRET",
    SOLAPI_BASE_URL: fake.url,
    TEXT_SENDER_NUMBER: "0212345678",
    OUTBOX_POLL_MS: "250",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

/** The form by its fields' names: the same in every language. */
async function fillAndSend(page: Page, phone: string) {
  await page.locator('input[name="type"][value="no"]').check();
  await page.locator('select[name="visaType"]').selectOption("F-6");
  await page.locator('input[name="expiryChoice"][value="unknown"]').check();
  await page.locator('input[name="nationality"]').fill("Mongolia");
  await page.locator('input[name="name"]').fill("BAT-ERDENE");
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('input[name="agreeRequired"]').check();
  await page.locator('input[name="phone"]').locator("xpath=ancestor::form").locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/loan-consultation-complete(\?lang=\w+)?$/);
}

/** The texts the fake received for this number, as they arrive (up to 60 s). */
async function textTo(digits: string, sentAt: number) {
  await expect.poll(() => fake.messages.filter((m) => m.to === digits).length, { timeout: 60_000, intervals: [100] }).toBe(1);
  const message = fake.messages.find((m) => m.to === digits)!;
  return { message, ms: message.receivedAt - sentAt };
}

test("with JavaScript: the form says so, and the status link arrives by text in Vietnamese", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${port}/loan-consultation?lang=vi`);
  await hydrated(page);
  await expect(page.getByText("đến số này qua KakaoTalk (알림톡) hoặc tin nhắn", { exact: false })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/texts-form-vi.png", fullPage: true });
  const sentAt = Date.now();
  await fillAndSend(page, "01055501234");
  const { message, ms } = await textTo("01055501234", sentAt);
  expect(message.from).toBe("0212345678");
  expect(message.text).toMatch(
    new RegExp(`^Chung toi da nhan yeu cau cua ban\\. Xem tinh trang: http://localhost:${port}/status/[\\w-]+\\?lang=vi$`),
  );
  expect(ms).toBeLessThan(60_000);
  expect(server.output().stdout).not.toContain("01055501234");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the status link arrives by text in Mongolian, in Latin letters", async ({ page }) => {
    await page.goto(`http://127.0.0.1:${port}/loan-consultation?lang=mn`);
    const sentAt = Date.now();
    await fillAndSend(page, "01055505678");
    const { message, ms } = await textTo("01055505678", sentAt);
    expect(message.text).toMatch(
      new RegExp(`^Tany khuseltiig khuleen avlaa\\. Yavtsyg endees kharna uu: http://localhost:${port}/status/[\\w-]+\\?lang=mn$`),
    );
    expect(ms).toBeLessThan(60_000);
  });
});
