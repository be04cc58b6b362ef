import { execFileSync } from "node:child_process";
import { Secret, TOTP } from "otpauth";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { test as siteTest, expect, hydrated } from "#tests/e2e/fixtures.ts";
import { E2E_DB } from "#tests/support/e2e-env.ts";

/**
 * The operator console's browser tests share these: operators are created
 * with the real `npm run admin:create` script on the server's SQLite file;
 * requests are seeded by a test-only script (tests/support/admin-seed.ts).
 */
const NODE = "node_modules/.bin/node";
export const PASSWORD = "correct horse battery staple";
const env = { ...process.env, DATABASE_URL: E2E_DB };

/** The authenticator secret of the browser tests' operators (two-step sign-in is required of administrators). */
export const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** An administrator made by `npm run admin:create`, with two-step sign-in set up (with TOTP_SECRET) unless `twoStep` is false. */
export function createOperator(email: string, { twoStep = true } = {}) {
  execFileSync(NODE, ["scripts/admin-create.ts", "--email", email], { input: `${PASSWORD}\n`, env, stdio: ["pipe", "ignore", "inherit"] });
  if (twoStep) seed("totp", { email, secret: TOTP_SECRET });
}

/** The authenticator app: the code of now (`offset` steps of 30 s later or earlier). */
export function totpNow(secret: string, offset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replaceAll(" ", "")), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
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

/** Signs in with the password and, for an operator made by createOperator, a code of TOTP_SECRET. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await passwordStep(page, email, password);
  if (new URL(page.url()).pathname === "/admin/sign-in/code") {
    seed("totp", { email, secret: TOTP_SECRET });
    await codeStep(page, totpNow(TOTP_SECRET));
  }
  await expect(page.getByRole("navigation", { name: "Console sections" })).toBeVisible();
}

/** An agent, signed in: an operator made by createOperator, given the agent role. */
export async function signInAgent(page: Page, email: string) {
  createOperator(email);
  seed("role", { email, role: "agent" });
  await signIn(page, email);
}

/** A page of the same signed-in browser with JavaScript off, at 390×844; `close` ends its context. */
export async function withoutJavaScript(browser: Browser, page: Page) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  return { page: await context.newPage(), close: () => context.close() };
}

export async function passwordStep(page: Page, email: string, password = PASSWORD) {
  await page.goto("/admin/sign-in");
  await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/admin\/sign-in$/);
}

export async function codeStep(page: Page, code: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step sign-in");
  await hydrated(page);
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
interface Session {
  email: string;
  /** The session's, the device's and the console's language (English) cookies of one real sign-in. */
  cookies: Cookies;
}

/** An operator made by createOperator (an agent if `role` says so), signed in once in a browser of its own. */
async function signInOnce(browser: Browser, baseURL: string, role: "admin" | "agent", worker: number): Promise<Session> {
  const email = `${role}-w${worker}-${Date.now()}@example.com`;
  createOperator(email);
  if (role === "agent") seed("role", { email, role: "agent" });
  const context = await browser.newContext({ baseURL });
  try {
    await english(context);
    await signIn(await context.newPage(), email);
    return { email, cookies: await context.cookies() };
  } finally {
    await context.close();
  }
}

/**
 * The console's tests: the site's `test`, with an administrator and an agent
 * per worker, each signed in once (password and code, through the pages).
 * `test.use({ signedInAs: "admin" })` (or "agent") gives that sign-in's
 * cookies (session, device, English) to each test's browser; `admin` and
 * `agent` are their e-mail addresses. A test of signing in, out, or of
 * sessions signs in an operator of its own: never these, whose sessions the
 * worker's other tests share.
 */
export const test = siteTest.extend<
  { signedInAs: "admin" | "agent" | undefined; admin: string; agent: string },
  { adminSession: Session; agentSession: Session }
>({
  adminSession: [
    async ({ browser }, provide, worker) =>
      provide(await signInOnce(browser, String(worker.project.use.baseURL), "admin", worker.workerIndex)),
    { scope: "worker", timeout: 30_000 },
  ],
  agentSession: [
    async ({ browser }, provide, worker) =>
      provide(await signInOnce(browser, String(worker.project.use.baseURL), "agent", worker.workerIndex)),
    { scope: "worker", timeout: 30_000 },
  ],
  signedInAs: [undefined, { option: true }],
  context: async ({ context, signedInAs, adminSession, agentSession }, provide) => {
    if (signedInAs) await context.addCookies((signedInAs === "admin" ? adminSession : agentSession).cookies);
    await provide(context);
  },
  admin: async ({ adminSession }, provide) => provide(adminSession.email),
  agent: async ({ agentSession }, provide) => provide(agentSession.email),
});
export { expect };
