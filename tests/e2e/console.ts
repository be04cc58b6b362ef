import { execFileSync } from "node:child_process";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, hydrated } from "#tests/e2e/fixtures.ts";
import { E2E_DB } from "#tests/support/e2e-env.ts";

/**
 * The operator console's browser tests share these: operators are created
 * with the real `npm run admin:create` script on the server's SQLite file;
 * requests are seeded by a test-only script (tests/support/admin-seed.ts).
 */
const NODE = "node_modules/.bin/node";
export const PASSWORD = "correct horse battery staple";
const env = { ...process.env, DATABASE_URL: E2E_DB };

export function createOperator(email: string) {
  execFileSync(NODE, ["scripts/admin-create.ts", "--email", email], { input: `${PASSWORD}\n`, env, stdio: ["pipe", "ignore", "inherit"] });
}

export function seed(kind: string, input: Record<string, string | number> = {}): Record<string, number> {
  return JSON.parse(
    execFileSync(NODE, ["tests/support/admin-seed.ts", kind, JSON.stringify(input)], { env, encoding: "utf8" })
      .trim()
      .split("\n")
      .at(-1)!,
  );
}

/** Today in Seoul (YYYY-MM-DD), as the console's date filters read it. */
export const seoulToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date());

export async function english(context: BrowserContext) {
  await context.addCookies([{ name: "admin_lang", value: "en", domain: "127.0.0.1", path: "/" }]);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/admin/sign-in");
  await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console sections" })).toBeVisible();
}
