import type { Page } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, PASSWORD, codeStep, english, passwordStep, totpNow } from "#tests/e2e/console/fixtures.ts";

/**
 * Two-step sign-in (issue 16, ADR 0022), the whole way: an administrator
 * invites an administrator; the link sets the password; the new
 * administrator is sent to set up two-step sign-in (QR code, or the key
 * typed), gets ten recovery codes once; signs in with a code; the same code
 * is refused a second time; a recovery code works once. The inviting
 * administrator is the worker's, signed in once.
 */
test.use({ signedInAs: "admin" });
test.beforeEach(async ({ context }) => english(context));

async function signOut(page: Page) {
  await hydrated(page);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
}

test("invite → set password → two-step set-up → sign in with a code → a reused code refused → a recovery code works once", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, many sign-ins
  const invited = `new-admin-${test.info().workerIndex}-${Date.now()}@example.com`;
  await page.goto("/admin/operators");
  await hydrated(page);
  const invite = page.getByRole("region", { name: "Invite an operator" });
  await invite.getByLabel("E-mail").fill(invited);
  await invite.getByLabel("Role").selectOption("admin");
  await invite.getByRole("button", { name: "Invite" }).click();
  const link = await page.getByLabel("One-time link").inputValue();

  const theirs = await browser.newContext({ baseURL: new URL(link).origin });
  await english(theirs);
  const me = await theirs.newPage();
  await me.goto(link);
  await hydrated(me);
  await me.getByLabel("New password").fill(PASSWORD);
  await me.getByLabel("Repeat the password").fill(PASSWORD);
  await me.getByRole("button", { name: "Set the password" }).click();
  await expect(me.getByText("Your password is set.")).toBeVisible();

  // An administrator without two-step sign-in: after the password, only its set-up.
  await passwordStep(me, invited);
  await expect(me).toHaveURL(/\/admin\/account$/);
  await expect(me.getByText("Two-step sign-in is required for your account.")).toBeVisible();
  await expect(me.getByRole("img", { name: "QR code for the authenticator app" }).locator("svg")).toBeVisible();
  await me.goto("/admin");
  await expect(me).toHaveURL(/\/admin\/account$/);
  expect(await axeViolations(me)).toEqual([]);
  const secret = (await me.locator("code").first().textContent())!;
  await hydrated(me);
  await me.getByLabel("Code from the app").fill(totpNow(secret));
  await me.getByRole("button", { name: "Turn on" }).click();
  await expect(me.getByRole("status").filter({ hasText: "Two-step sign-in is on." })).toBeVisible();
  const codes = await me.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await me.getByRole("link", { name: "I have kept them: go to the inbox" }).click();
  await expect(me.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  await signOut(me);

  // Password, then a code (the next step's: the set-up used this one).
  const code = totpNow(secret, 1);
  await passwordStep(me, invited);
  await codeStep(me, code);
  await expect(me.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  await signOut(me);

  // The same code a second time: refused.
  await passwordStep(me, invited);
  await codeStep(me, code);
  await expect(me.getByRole("alert")).toHaveText("The code is not correct or has already been used. Wait for the next code and try again.");

  // A recovery code works, once.
  await me.getByLabel("Code").fill(codes[0]!);
  await me.getByRole("button", { name: "Confirm" }).click();
  await expect(me.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  await me.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "My account" }).click();
  await expect(me.getByText("9 unused recovery codes left.")).toBeVisible();
  await signOut(me);
  await passwordStep(me, invited);
  await codeStep(me, codes[0]!);
  await expect(me.getByRole("alert")).toContainText("already been used");
  await theirs.close();

  await page.goto("/admin/operators");
  await expect(page.getByRole("row").filter({ hasText: invited })).toContainText("On");
});
