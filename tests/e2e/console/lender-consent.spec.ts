import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english, withoutJavaScript } from "#tests/e2e/console/fixtures.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { formatMessage, interpolate, type Message } from "#app/i18n/format.ts";

/**
 * Consent before a lender sees a lead (issue 52, item 1), at 390×844, with
 * and without JavaScript: the operator cannot move a consultation to "With
 * lender" without the person's consent; asks for it on the status page; the
 * visitor reads the five points of 법 제17조② in Vietnamese and agrees there;
 * the operator sees the consent on the request page and the move goes through.
 */
const vi = JSON.parse(readFileSync(new URL("../../../locales/vi/status.json", import.meta.url), "utf8")) as {
  consent: Record<string, string> & { done: Record<string, string>; answered: Record<string, string>; item: Record<string, string> };
};
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/consent/${name}.png`, fullPage: true });

test.use({ signedInAs: "admin" });
// Two browsers and a dozen page loads on a shared machine: room enough that the run stays far under it.
test.describe.configure({ timeout: 90_000 });

/** A Vietnamese visitor's consultation: its status page's path and the name to find it by in the console. */
async function consultation(request: import("@playwright/test").APIRequestContext, label: string) {
  const name = `CONSENT ${label} ${Date.now()}`;
  const sent = await request.post("/svc/answer/create?lang=vi", { data: sampleConsultation({ submissionId: crypto.randomUUID(), name }) });
  const url = new URL(((await sent.json()) as { data: { status_url: string } }).data.status_url);
  return { name, path: url.pathname + url.search };
}

/** Opens the request in the console and moves it to "Consulted". */
async function openConsulted(consolePage: Page, name: string, js: boolean) {
  await consolePage.goto(`/admin?q=${encodeURIComponent(name)}`);
  await consolePage
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("link", { name })
    .click();
  if (js) await hydrated(consolePage);
  for (const stage of ["Contacting", "Consulted"]) await move(consolePage, stage);
}

/** Moves the request and waits for the page's answer (moved, or refused when `refused`), so the next move starts from it. */
async function move(consolePage: Page, stage: string, lender?: string, refused = false) {
  const form = consolePage.locator("form").filter({ has: consolePage.getByRole("button", { name: "Move", exact: true }) });
  await form.getByRole("radio", { name: stage, exact: true }).check();
  if (lender !== undefined) await form.getByRole("textbox", { name: "Lender", exact: true }).fill(lender);
  await form.getByRole("button", { name: "Move", exact: true }).click();
  if (!refused) await expect(consolePage.getByText(`Moved to “${stage}”.`)).toBeVisible();
}

async function askOnStatusPage(consolePage: Page, lender: string) {
  const section = consolePage.getByRole("region", { name: "Consent to give to a lender" });
  await section.getByRole("textbox", { name: "Lender", exact: true }).fill(lender);
  await section.getByRole("radio", { name: /Ask on the status page/ }).check();
  await section.getByRole("button", { name: "Save consent" }).click();
  await expect(consolePage.getByText("Asked: the person sees the question on their status page")).toBeVisible();
}

async function flow(visitorPage: Page, consolePage: Page, request: import("@playwright/test").APIRequestContext, js: boolean) {
  const label = js ? "JS" : "NOJS";
  const lender = `Sample Savings Bank ${label}`;
  const { name, path } = await consultation(request, label);
  await openConsulted(consolePage, name, js);

  // Without a consent, "With lender" is refused, saying why.
  await move(consolePage, "With lender", lender, true);
  await expect(consolePage.getByText(/has not consented to their data going to this lender/)).toBeVisible();
  await expect(consolePage.getByText("No consent to give this request to any lender yet")).toBeVisible();

  await askOnStatusPage(consolePage, lender);

  // The visitor reads the five points in Vietnamese, with the lender and the retention.
  await visitorPage.goto(path);
  if (js) await hydrated(visitorPage);
  const section = visitorPage.getByRole("region", { name: vi.consent.title });
  await expect(section).toBeVisible();
  await expect(section.getByText(lender, { exact: true })).toBeVisible();
  await expect(section.getByText(vi.consent.purposeValue!)).toBeVisible();
  await expect(section.getByText(formatMessage("vi", vi.consent.periodValue as unknown as Message, { count: 5 }))).toBeVisible();
  await expect(section.getByText(vi.consent.refuseValue!)).toBeVisible();
  await expect(section.getByText(new RegExp(vi.consent.item.visa!))).toBeVisible();
  await shot(visitorPage, `status-ask-${label}`);
  // axe runs in the page: with JavaScript only (the same markup either way).
  if (js) expect(await axeViolations(visitorPage)).toEqual([]);
  await section.getByRole("button", { name: interpolate(vi.consent.agree!, { lender }) }).click();
  await expect(visitorPage.getByText(interpolate(vi.consent.done.given!, { lender }))).toBeVisible();
  await expect(visitorPage.getByRole("button", { name: vi.consent.decline })).toHaveCount(0);
  await shot(visitorPage, `status-given-${label}`);

  // The operator sees it, and the move goes through.
  await consolePage.reload();
  if (js) await hydrated(consolePage);
  await expect(consolePage.getByText(`Consent given for: ${lender}.`)).toBeVisible();
  await expect(consolePage.locator("[data-lender-consent=given]")).toBeVisible();
  await shot(consolePage, `console-given-${label}`);
  if (js) expect(await axeViolations(consolePage)).toEqual([]);
  await move(consolePage, "With lender", lender);

  // The visitor withdraws the consent on the same page (개인정보 보호법 제37조); the console shows it withdrawn.
  await visitorPage.reload();
  if (js) await hydrated(visitorPage);
  await visitorPage.getByRole("button", { name: interpolate(vi.consent.withdraw!, { lender }) }).click();
  await expect(visitorPage.getByText(interpolate(vi.consent.done.withdrawn!, { lender }))).toBeVisible();
  await expect(visitorPage.getByRole("button", { name: interpolate(vi.consent.withdraw!, { lender }) })).toHaveCount(0);
  await shot(visitorPage, `status-withdrawn-${label}`);
  await consolePage.reload();
  await expect(consolePage.locator("[data-consent-withdrawn]")).toHaveText("withdrawn by the person");
  await expect(consolePage.locator("[data-lender-consent=none]")).toBeVisible();
}

test("with JavaScript: the visitor gives the consent on the status page in Vietnamese and the operator then moves the lead to the lender", async ({
  page,
  context,
  request,
}) => {
  await english(context);
  const consolePage = await context.newPage();
  await flow(page, consolePage, request, true);
});

test("without JavaScript: the same consent, given and seen through plain forms", async ({ page, context, browser, request }) => {
  await english(context);
  await page.goto("/admin");
  const noJs = await withoutJavaScript(browser as Browser, page);
  const visitor = await noJs.page.context().newPage();
  try {
    await flow(visitor, noJs.page, request, false);
  } finally {
    await noJs.close();
  }
});
