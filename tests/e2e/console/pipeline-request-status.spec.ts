import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english, seed } from "#tests/e2e/console/fixtures.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { site } from "#app/config/site.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { interpolate } from "#app/i18n/format.ts";
import { formatTime, formatWhen } from "#app/features/request-status/format.ts";
import { fromSeoulLocal } from "#app/features/pipeline/calls.ts";

/**
 * Issue 28 with an operator: the status page follows the console's moves
 * after a reload, and the calls the operator logs ("we tried to call you at
 * 14:10; we will try again at 14:20", in every language); the deadlines page lists overdue rights requests first and
 * an answer closes one; the inbox warns while any is overdue and shows sources.
 */
const status = JSON.parse(readFileSync(new URL("../../../locales/vi/status.json", import.meta.url), "utf8")) as {
  stage: Record<string, string>;
};
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/status/${name}.png`, fullPage: true });

// The console's side: the worker's administrator, signed in once.
test.use({ signedInAs: "admin" });

test("the status page follows an operator's move within a reload", async ({ page, context, request }) => {
  const name = `FOLLOW ${Date.now()}`;
  const sent = await request.post("/svc/answer/create?lang=vi", {
    data: {
      ...sampleConsultation({ submissionId: crypto.randomUUID(), name }),
      source: { utm_source: "facebook", banner: "regional-bank-general" },
    },
  });
  const url = ((await sent.json()) as { data: { status_url: string } }).data.status_url;
  const path = new URL(url).pathname + new URL(url).search;
  await page.goto(path);
  await expect(page.getByText(status.stage.new!)).toBeVisible();

  const consolePage = await context.newPage();
  await english(context);
  await consolePage.goto(`/admin?q=${encodeURIComponent(name)}`);
  const row = consolePage.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("UTM: facebook");
  await expect(row).toContainText("Banner: regional-bank-general");
  await row.getByRole("link", { name }).click();
  await hydrated(consolePage);
  // The pipeline's moves (issue 26): contacting, then with the lender (named), then approved.
  const move = async (stage: string, fill?: () => Promise<void>) => {
    await consolePage.getByRole("radio", { name: stage, exact: true }).check();
    if (fill) await fill();
    await consolePage.getByRole("button", { name: "Move", exact: true }).click();
    await expect(consolePage.getByText(`Moved to “${stage}”.`)).toBeVisible();
  };
  await move("Contacting");
  await page.reload();
  await expect(page.getByText(status.stage.contacting!)).toBeVisible();
  await move("Consulted");
  // The person's consent to give it to the lender first (issue 52), recorded as given by phone.
  const consent = consolePage.getByRole("region", { name: "Consent to give to a lender" });
  await consent.getByRole("textbox", { name: "Lender", exact: true }).fill("Sample Savings Bank");
  await consent.getByRole("radio", { name: /Given by phone/ }).check();
  await consent.getByRole("textbox", { name: "Call or form reference" }).fill("REC-1");
  await consent.getByRole("button", { name: "Save consent" }).click();
  await expect(consolePage.getByText("Consent recorded.")).toBeVisible();
  await move("With lender", () =>
    consolePage
      .locator("form")
      .filter({ has: consolePage.getByRole("button", { name: "Move", exact: true }) })
      .getByRole("textbox", { name: "Lender", exact: true })
      .fill("Sample Savings Bank"),
  );
  await page.reload();
  await expect(page.getByText(status.stage.with_lender!)).toBeVisible();
  // The stage's line names the lender (the consent given by phone is listed under it too).
  await expect(page.getByText(/Sample Savings Bank/).first()).toBeVisible();
  await move("Declined");
  await page.reload();
  await expect(page.getByText(status.stage.declined!)).toBeVisible();
  await expect(page.locator('select[name="slot"]')).toHaveCount(0);
});

const triedLine = (lang: Locale) =>
  (JSON.parse(readFileSync(new URL(`../../../locales/${lang}/status.json`, import.meta.url), "utf8")) as { next: { tried: string } }).next
    .tried;

/** A Seoul time as the console writes it (`2026-12-01 14:10`) → the instant. */
const fromConsole = (text: string) => fromSeoulLocal(text.trim().replace(" ", "T"))!.toISOString();

/**
 * A visitor's consultation (its status page showing "new"), and an unanswered
 * call logged on it in the console: the status page's address, when the call
 * was tried and when the next one is, as the console wrote them.
 */
async function unansweredCall(page: Page, context: BrowserContext, request: APIRequestContext) {
  const name = `TRIED ${Date.now()}`;
  const sent = await request.post("/svc/answer/create?lang=vi", { data: sampleConsultation({ submissionId: crypto.randomUUID(), name }) });
  const url = new URL(((await sent.json()) as { data: { status_url: string } }).data.status_url);
  await page.goto(url.pathname + url.search);
  await expect(page.getByText(status.stage.new!)).toBeVisible();

  const consolePage = await context.newPage();
  await english(context);
  await consolePage.goto(`/admin?q=${encodeURIComponent(name)}`);
  await consolePage
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("link", { name })
    .click();
  await hydrated(consolePage);
  const calls = consolePage.getByRole("region", { name: "Calls" });
  await calls.getByRole("radio", { name: "No answer", exact: true }).check();
  await calls.getByRole("button", { name: "Log call", exact: true }).click();
  const logged = calls.getByText(/^Call logged\. Next call: (\d{4}-\d\d-\d\d \d\d:\d\d) KST\.$/);
  await expect(logged).toBeVisible();
  const next = fromConsole(/Next call: (.+) KST/.exec((await logged.textContent())!)![1]!);
  const tried = fromConsole((await calls.getByRole("listitem").first().locator("time").textContent())!);
  await consolePage.close();
  return { url, tried, next };
}

// The languages in two tests, each with a call of its own (one test for all five ran near its timeout on a slow machine).
for (const langs of [LOCALES.slice(0, 3), LOCALES.slice(3)]) {
  test(`an unanswered call logged in the console shows on the status page: when we tried, when we will try again (${langs.join(", ")})`, async ({
    page,
    context,
    request,
  }) => {
    const { url, tried, next } = await unansweredCall(page, context, request);
    for (const lang of langs) {
      await page.goto(`${url.pathname}?lang=${lang}`);
      const words = interpolate(triedLine(lang), {
        tried: formatTime(tried, lang),
        next: formatWhen(next, lang),
        phone: site.adviser.phone,
      });
      await expect(page.getByRole("status").getByText(words, { exact: true })).toBeVisible();
      // Its head describes it by its kind only (Lighthouse's SEO audit wants a description; the page stays noindex).
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        await page.getByRole("heading", { level: 1 }).innerText(),
      );
      if (lang === "en" || lang === "my" || lang === "mn") {
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `tried-${lang}`);
      }
    }
  });
}

test("deadlines: overdue first and marked, the inbox warns, an answer closes one", async ({ page, context }) => {
  const day = 86_400_000;
  const { id: late } = seed("rights", { request: "access", due: new Date(Date.now() - 2 * day).toISOString(), phone: "01070707070" });
  seed("rights", { request: "complaint", due: new Date(Date.now() + 5 * day).toISOString(), message: "Nobody called me back." });
  await english(context);
  await page.goto("/admin");
  await expect(page.getByRole("alert").filter({ hasText: "past the deadline our policies promise" })).toBeVisible();
  await page.getByRole("link", { name: "Answer them now" }).click();
  await expect(page).toHaveURL(/\/admin\/deadlines$/);
  const first = page.getByRole("list", { name: "Privacy requests and complaints to answer" }).getByRole("listitem").first();
  await expect(first).toContainText(`#${late}`);
  await expect(first).toContainText("Overdue");
  await expect(first).toContainText("Days late: 2");
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, "console-deadlines");
  await first.getByLabel("How it was answered").selectOption("email");
  await first.getByRole("button", { name: "Record the answer and close" }).click();
  await expect(page.getByText("The answer is recorded and the request closed.")).toBeVisible();
  await expect(page.getByText(`#${late}`)).toHaveCount(0);
});
