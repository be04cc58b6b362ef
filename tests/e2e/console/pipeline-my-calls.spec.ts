import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import type { Page } from "@playwright/test";
import { test, expect, createOperator, english, seed, signIn } from "#tests/e2e/console/fixtures.ts";

/**
 * My calls (issue 26, item 3) on a phone held in one hand (390×844): the
 * agent's due lead with its dial link; one tap logs "No answer" and the next
 * call shows, scheduled by the cadence; without JavaScript the same forms work.
 * Each test's agent is its own, with one lead (two in the test of their
 * names): My calls lists every lead due, and these tests read the page with
 * theirs alone on it.
 */
const stamp = () => `${test.info().workerIndex}-${Date.now()}`;
test.beforeEach(async ({ context }) => english(context));

/** An agent (two-step sign-in, as everyone) with one lead, due now, signed in on `page`. */
async function agentWithLead(page: Page, name: string) {
  const agent = `caller-${stamp()}@example.com`;
  createOperator(agent);
  seed("role", { email: agent, role: "agent" });
  const phone = `010${String(Date.now()).slice(-8)}`;
  seed("consultation", { name, phone, assignTo: agent });
  await signIn(page, agent);
  return { phone, agent };
}

/** My calls from the console's navigation, and the lead's card there. */
async function myCalls(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "My calls" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My calls");
  return page.getByRole("listitem").filter({ hasText: name });
}

test("an agent works My calls with one hand: the due lead's dial link and one-tap outcomes are thumb-sized", async ({ page }) => {
  const name = `CALLER ${stamp()}`;
  const { phone } = await agentWithLead(page, name);
  const item = await myCalls(page, name);
  await expect(item.getByRole("link", { name: `Call ${phone}` })).toHaveAttribute("href", `tel:${phone}`);
  // Thumb-sized: every target of the card is at least 44 px high.
  for (const target of [item.getByRole("link", { name: `Call ${phone}` }), item.getByRole("button", { name: "No answer" })]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("my-calls-en.png"), fullPage: true });
});

test("with two leads due, each one-tap form is named by its consultation, and the page passes axe", async ({ page }) => {
  const first = `TWO A ${stamp()}`;
  const { agent } = await agentWithLead(page, first);
  // A second lead, due now, for the same agent: two one-tap forms on the page.
  seed("consultation", { name: `TWO B ${stamp()}`, phone: `010${String(Date.now() + 1).slice(-8)}`, assignTo: agent });
  await myCalls(page, first);
  const labels = await page
    .locator(`form[aria-label^="Log the outcome"]`)
    .evaluateAll((forms) => forms.map((f) => f.getAttribute("aria-label")));
  expect(labels).toHaveLength(2);
  for (const label of labels) expect(label).toMatch(/^Log the outcome of consultation #\d+$/);
  expect(new Set(labels).size).toBe(2);
  expect(await axeViolations(page)).toEqual([]);
});

test("an agent logs no answer in one tap on My calls and sees the next call scheduled", async ({ page }) => {
  const name = `NO ANSWER ${stamp()}`;
  await agentWithLead(page, name);
  const item = await myCalls(page, name);
  await hydrated(page);
  await item.getByRole("button", { name: "No answer" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Call logged\. Next call: \d{4}-\d\d-\d\d \d\d:\d\d KST\./ })).toBeVisible();
  // The lead left "due now": its next call is later (outside the calling hours it waits, listed, for the opening).
  await expect(page.getByRole("listitem").filter({ hasText: name }).getByRole("button", { name: "No answer" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("my-calls-logged-en.png"), fullPage: true });
});

test("without JavaScript the one-tap outcome form still logs the call", async ({ page, browser }) => {
  const name = `NOJS ${stamp()}`;
  await agentWithLead(page, name);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  try {
    const noJs = await context.newPage();
    await noJs.goto("/admin/calls");
    await noJs.getByRole("listitem").filter({ hasText: name }).getByRole("button", { name: "Busy" }).click();
    await expect(noJs.getByRole("status").filter({ hasText: /Call logged\. Next call:/ })).toBeVisible();
  } finally {
    await context.close();
  }
});
