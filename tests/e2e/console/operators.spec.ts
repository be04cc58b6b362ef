import type { Page } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, PASSWORD, createOperator, english, seed, signIn } from "#tests/e2e/console/fixtures.ts";
import { CONSOLE_ROUTES } from "#tests/support/admin-routes.ts";

/**
 * Operator accounts (issue 16, ADR 0022): an administrator invites an agent
 * through a one-time link; an agent is refused what only administrators may
 * do (403, pages and `.data` alike); a disabled operator is signed out on its
 * next request. The administrator and the agent refused are the worker's
 * (signed in once); invited and disabled agents are each test's own.
 */
const stamp = () => `${test.info().workerIndex}-${Date.now()}`;
test.beforeEach(async ({ context }) => english(context));

/** The Operators page, from the console's navigation. */
async function operatorsPage(page: Page) {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Operators" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Operators");
  await hydrated(page);
}

test.describe("an agent", () => {
  test.use({ signedInAs: "agent" });
  test("cannot open operators, export or the audit log: direct URLs and .data requests answer 403 (posts: console-access.test.ts)", async ({
    page,
  }) => {
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Console sections" });
    await expect(nav.getByRole("link", { name: "Inbox" })).toBeVisible();
    for (const name of ["Operators", "Audit log", "Blog links"]) await expect(nav.getByRole("link", { name })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Export to CSV" })).toHaveCount(0);

    for (const route of CONSOLE_ROUTES.filter((r) => r.adminOnly)) {
      const response = await page.request.get(route.path, { maxRedirects: 0 });
      expect(response.status(), route.path).toBe(403);
      const [path, query] = route.path.split("?");
      const data = await page.request.get(`${path}.data${query ? `?${query}` : ""}`, { maxRedirects: 0 });
      expect(data.status(), `${route.path}.data`).toBe(403);
    }
    const response = await page.goto("/admin/operators");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not allowed");
  });
});

test.describe("an administrator", () => {
  test.use({ signedInAs: "admin" });

  test("invites an agent with a one-time link; the link sets the password once", async ({ page, browser }) => {
    const agent = `invited-${stamp()}@example.com`;
    await operatorsPage(page);
    const invite = page.getByRole("region", { name: "Invite an operator" });
    await invite.getByLabel("E-mail").fill(agent);
    await invite.getByLabel("Role").selectOption("agent");
    await invite.getByRole("button", { name: "Invite" }).click();
    const link = await page.getByLabel("One-time link").inputValue();
    expect(link).toMatch(/\/admin\/password\/[\w-]{43}$/);
    await expect(page.getByRole("row").filter({ hasText: agent })).toContainText("Invited (no password yet)");
    expect(await axeViolations(page)).toEqual([]);

    const theirs = await browser.newContext({ baseURL: new URL(link).origin });
    await english(theirs);
    const agentPage = await theirs.newPage();
    await agentPage.goto(link);
    await expect(agentPage.getByText(`You are invited to the operator console as ${agent}.`)).toBeVisible();
    await agentPage.getByLabel("New password").fill(PASSWORD);
    await agentPage.getByLabel("Repeat the password").fill(PASSWORD);
    await agentPage.getByRole("button", { name: "Set the password" }).click();
    await expect(agentPage.getByText("Your password is set. Sign in with it now.")).toBeVisible();
    await signIn(agentPage, agent);

    // The link worked once.
    await agentPage.goto(link);
    await expect(agentPage.getByRole("alert")).toContainText("This link has already been used.");
    await theirs.close();

    await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Audit log" }).click();
    for (const action of ["Invited an operator", "Set a password from a link"])
      await expect(page.getByRole("row").filter({ hasText: action }).filter({ hasText: agent }).first()).toBeVisible();
  });

  test("disabling an agent signs it out on its next request", async ({ page, browser }) => {
    const agent = `disabled-${stamp()}@example.com`;
    createOperator(agent);
    seed("role", { email: agent, role: "agent" });
    const theirs = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await english(theirs);
    const agentPage = await theirs.newPage();
    await signIn(agentPage, agent);
    await expect(agentPage.getByRole("heading", { level: 1 })).toHaveText("Inbox");

    // The administrator disables the agent: its very next request is signed out.
    await operatorsPage(page);
    const row = page.getByRole("row").filter({ hasText: agent });
    await expect(row).toContainText("Active");
    await row.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The operator is disabled" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: agent })).toContainText("Disabled");
    await agentPage.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Alerts" }).click();
    await expect(agentPage).toHaveURL(/\/admin\/sign-in/);
    await theirs.close();

    await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Disabled an operator" }).filter({ hasText: agent }).first()).toBeVisible();
  });
});
