import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { test, expect, hydrated } from "#tests/e2e/fixtures.ts";
import { E2E_PORT } from "#tests/support/e2e-env.ts";
import { spawnServer, type SpawnedServer } from "#tests/support/raw-http.ts";
import { expectTyped, fillByName } from "#tests/support/consultation-form.ts";
import vi from "../../locales/vi/common.json" with { type: "json" };
import viApi from "../../locales/vi/api.json" with { type: "json" };

/**
 * Issue 39, item 1: a consultation posted while the database is away comes
 * back with everything the visitor typed and the retry message in their
 * language, with and without JavaScript. On a server of its own whose SQLite
 * file this test locks for writing (another process holding the write lock
 * past DATABASE_WAIT_MS: a real "database is locked"), then unlocks: the
 * same form, sent again, goes through.
 */
test.describe.configure({ mode: "serial" });

let server: SpawnedServer;
const port = E2E_PORT + 10;
const origin = `http://127.0.0.1:${port}`;
const file = join(mkdtempSync(join(tmpdir(), "away-")), "db.sqlite");

test.beforeAll(async () => {
  server = await spawnServer(port, { DATABASE_URL: `file:${file}`, DATABASE_WAIT_MS: "200", RATE_LIMIT_DISABLED: "1" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Holds SQLite's write lock from another connection until released. */
function lockWrites() {
  const holder = new DatabaseSync(file);
  holder.exec("begin immediate");
  return () => {
    holder.exec("rollback");
    holder.close();
  };
}

const submit = (page: Page) => page.locator('form button[type="submit"]');

test.describe("with JavaScript", () => {
  test("the API's 503 keeps the form as typed and says, in Vietnamese, to try again in 10 seconds; sent again, it goes through", async ({
    page,
  }) => {
    await page.goto(`${origin}/loan-consultation?lang=vi`);
    await hydrated(page);
    await fillByName(page);
    const unlock = lockWrites();
    let status: number;
    try {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/svc/answer/create");
      await submit(page).click();
      const response = await answered;
      status = response.status();
      expect(response.headers()["retry-after"]).toBe("10");
      await expect(page.getByRole("alert")).toHaveText(viApi.unavailable.other.replace("{count}", "10"));
    } finally {
      unlock();
    }
    expect(status).toBe(503);
    await expectTyped(page);
    await submit(page).click();
    await page.waitForURL(/\/loan-consultation-complete/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page answers 503 with Retry-After, the form again as typed and the retry message in Vietnamese; sent again, it goes through", async ({
    page,
  }) => {
    await page.goto(`${origin}/loan-consultation?lang=vi`);
    await fillByName(page);
    const unlock = lockWrites();
    try {
      const answered = page.waitForResponse((r) => r.request().method() === "POST");
      await submit(page).click();
      const response = await answered;
      expect(response.status()).toBe(503);
      expect(response.headers()["retry-after"]).toBe("10");
      await page.waitForLoadState("domcontentloaded");
    } finally {
      unlock();
    }
    await expect(page.getByRole("alert")).toHaveText(vi.error.unavailable.form.other.replace("{count}", "10"));
    await expectTyped(page);
    await submit(page).click();
    await page.waitForURL(/\/loan-consultation-complete/);
  });
});
