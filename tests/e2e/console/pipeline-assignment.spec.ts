import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { DEFAULT_CALENDAR, isCallingTime } from "#app/business/calendar.ts";
import type { Browser, Page } from "@playwright/test";
import { test, expect, createOperator, english, seed, signIn } from "#tests/e2e/console/fixtures.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";

/**
 * Assignment (issue 26, item 3) at 390×844: an agent goes on duty on My
 * account (kept after a reload), and a visitor's consultation then comes to
 * their My calls, due; an administrator gives a lead to an agent on its page.
 * Both forms also work without JavaScript. The administrator and the agent
 * who is given leads are the worker's (signed in once); the agent who goes
 * on duty is the test's own.
 */
const stamp = () => `${test.info().workerIndex}-${Date.now()}`;
test.beforeEach(async ({ context }) => english(context));

/** A page of the same signed-in browser with JavaScript off. */
async function withoutJs(browser: Browser, page: Page, steps: (noJs: Page) => Promise<void>) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  try {
    await steps(await context.newPage());
  } finally {
    await context.close();
  }
}

test("an agent goes on duty on My account, and a visitor's consultation comes to their My calls, due now (or at the opening)", async ({
  page,
  request,
  browser,
}) => {
  const agent = `duty-${stamp()}@example.com`;
  createOperator(agent); // an agent, with two-step sign-in as every operator (issue 52)
  seed("role", { email: agent, role: "agent" });
  try {
    await signIn(page, agent);
    await page.goto("/admin/account");
    const duty = page.getByRole("region", { name: "On duty" });
    await expect(duty).toContainText("You are off duty");
    expect(await axeViolations(page)).toEqual([]);
    await hydrated(page);
    await duty.getByRole("button", { name: "Go on duty: receive new leads in turn" }).click();
    await expect(duty.getByRole("status")).toHaveText("You are on duty.");
    await page.reload();
    await expect(duty).toContainText("You are on duty: new consultations come to you in turn");
    await expect(duty.getByRole("button", { name: "Go off duty" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("account-on-duty-en.png"), fullPage: true });

    const name = `DUTY VISITOR ${stamp()}`;
    const phone = `010${String(Date.now()).slice(-8)}`;
    const sent = await request.post("/svc/answer/create", {
      data: sampleConsultation({ submissionId: `duty-${Date.now()}-${test.info().workerIndex}`, name, phone }),
    });
    expect(sent.status()).toBe(200);
    await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "My calls" }).click();
    const item = page.getByRole("listitem").filter({ hasText: name });
    if (isCallingTime(DEFAULT_CALENDAR, new Date())) {
      // Among the calls due (its one-tap outcomes), not among the new ones to take.
      await expect(item.getByRole("button", { name: "No answer" })).toBeVisible();
    } else {
      // Outside the calling hours of an open day (the server's clock is real): due at the next opening, not now.
      await expect(item).toContainText(/Due at \d{4}-\d{2}-\d{2} \d{2}:\d{2} KST/);
      await expect(item.getByRole("button", { name: "No answer" })).toHaveCount(0);
    }
    await expect(item.getByRole("button", { name: "Take this lead" })).toHaveCount(0);
    await expect(item.getByRole("link", { name: `Call ${phone}` })).toHaveAttribute("href", `tel:${phone}`);

    // Without JavaScript the same switch goes off duty.
    await withoutJs(browser, page, async (noJs) => {
      await noJs.goto("/admin/account");
      await noJs.getByRole("button", { name: "Go off duty" }).click();
      await expect(noJs.getByRole("status")).toHaveText("You are off duty.");
      await expect(noJs.getByRole("button", { name: "Go on duty: receive new leads in turn" })).toBeVisible();
    });
  } finally {
    // No later test's consultation goes to this agent.
    seed("duty", { email: agent, on: "0" });
  }
});

test.describe("an administrator", () => {
  test.use({ signedInAs: "admin" });

  test("gives a lead to an agent on its page", async ({ page, agent }) => {
    const { id } = seed("consultation", { name: `REASSIGN ${stamp()}` });
    await page.goto(`/admin/requests/consultation/${id}`);
    const section = page.getByRole("region", { name: "Agent" });
    await expect(section).toContainText("No one has this lead yet");
    await hydrated(page);
    await section.getByLabel("Give the lead to").selectOption({ label: agent });
    await section.getByRole("button", { name: "Reassign" }).click();
    await expect(section.getByRole("status")).toHaveText(`The lead is now with ${agent}.`);
    await expect(section).toContainText(`${agent} has this lead.`);
    await expect(section.getByLabel("Give the lead to")).toHaveValue(/^\d+$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("request-reassign-en.png"), fullPage: true });
  });

  test("without JavaScript, takes a lead back from its agent and gives it again", async ({ page, browser, agent }) => {
    const { id } = seed("consultation", { name: `REASSIGN NOJS ${stamp()}`, assignTo: agent });
    await withoutJs(browser, page, async (noJs) => {
      await noJs.goto(`/admin/requests/consultation/${id}`);
      const form = noJs.getByRole("region", { name: "Agent" });
      await expect(form).toContainText(`${agent} has this lead.`);
      await form.getByLabel("Give the lead to").selectOption("none");
      await form.getByRole("button", { name: "Reassign" }).click();
      await expect(noJs.getByRole("region", { name: "Agent" }).getByRole("status")).toHaveText(
        "The lead has no agent now: any agent can take it.",
      );
    });

    await withoutJs(browser, page, async (noJs) => {
      await noJs.goto(`/admin/requests/consultation/${id}`);
      await noJs.getByRole("region", { name: "Agent" }).getByLabel("Give the lead to").selectOption({ label: agent });
      await noJs.getByRole("region", { name: "Agent" }).getByRole("button", { name: "Reassign" }).click();
      await expect(noJs.getByRole("region", { name: "Agent" })).toContainText(`${agent} has this lead.`);
    });
  });
});

test.describe("an agent", () => {
  test.use({ signedInAs: "agent" });

  test("sees who has its lead on the lead's page, without the form to give it away", async ({ page, agent }) => {
    const { id } = seed("consultation", { name: `ASSIGNED ${stamp()}`, assignTo: agent });
    await page.goto(`/admin/requests/consultation/${id}`);
    const seen = page.getByRole("region", { name: "Agent" });
    await expect(seen).toContainText(`${agent} has this lead.`);
    await expect(seen.getByRole("button", { name: "Reassign" })).toHaveCount(0);
  });
});
