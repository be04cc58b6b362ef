import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, createOperator, english, seed, signIn } from "#tests/e2e/console/fixtures.ts";

/** Each operator's sessions (issue 16, ADR 0022): the list, and signing out of the other browsers from one. */
test.beforeEach(async ({ context }) => english(context));

test("My account lists this operator's browsers (device, network prefix) and signs the others out", async ({ page, browser }) => {
  // An operator of its own (signing out of the other browsers would end the worker's shared sessions);
  // an agent (two-step sign-in, as every operator: issue 52).
  const operator = `sessions-${test.info().workerIndex}-${Date.now()}@example.com`;
  createOperator(operator);
  seed("role", { email: operator, role: "agent" });
  const other = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
  });
  await english(other);
  const elsewhere = await other.newPage();
  await signIn(elsewhere, operator);
  await signIn(page, operator);

  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "My account" }).click();
  const sessions = page.getByRole("region", { name: "Where you are signed in" });
  const rows = sessions.getByRole("row");
  await expect(rows).toHaveCount(3); // the header and two browsers
  await expect(rows.filter({ hasText: "This browser" })).toContainText("Chrome · Android");
  await expect(rows.filter({ hasText: "Firefox · Windows" })).toContainText("127.0.0.x");
  expect(await axeViolations(page)).toEqual([]);
  await hydrated(page);
  await sessions.getByRole("button", { name: "Sign out of all other browsers" }).click();
  await expect(sessions.getByRole("status")).toHaveText("1 session signed out.");
  await expect(sessions.getByRole("row")).toHaveCount(2);

  await elsewhere.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Alerts" }).click();
  await expect(elsewhere).toHaveURL(/\/admin\/sign-in/);
  await other.close();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My account");
});
