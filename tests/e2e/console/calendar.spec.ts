import type { Page } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english, withoutJavaScript } from "#tests/e2e/console/fixtures.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { DEFAULT_CALENDAR, isOpenDay } from "#app/business/calendar.ts";
import { addDays, seoulDay } from "#app/lib/seoul-time.ts";

/**
 * The console's Calendar page (issue 36, item 2) at 390×844: an
 * administrator opens it from the navigation (axe clean), a calling hour
 * outside 08:00–21:00 is refused beside its field with and without
 * JavaScript and nothing is saved, and a closed day added here disappears
 * from the call-back times a visitor may pick on the status page (the
 * server's clock is real, so the closed day is one the business adds a few
 * days ahead; the public holidays take the same path and are tested with
 * fixed clocks in tests/integration/business-calendar.test.ts). Every test
 * leaves the calendar as it found it: the seeded hours, no closure.
 */
test.use({ viewport: { width: 390, height: 844 }, signedInAs: "admin" });
test.beforeEach(async ({ context }) => english(context));

const callingEnd = (page: Page) => page.getByRole("textbox", { name: /^Calling hours until/ }).or(page.getByLabel(/^Calling hours until/));
const LEGAL = "Calls are allowed only between 08:00 and 21:00.";

/** The Seoul days on which the status page offers a call-back. */
async function slotDays(page: Page): Promise<Set<string>> {
  const values = await page
    .locator('select[name="slot"] option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  return new Set(values.map((v) => seoulDay(v)));
}

test("an administrator opens the Calendar from the navigation: the seeded hours, the coming holidays, axe clean", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business calendar");
  await hydrated(page);
  await expect(page.getByRole("checkbox", { name: "Monday" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
  await expect(callingEnd(page)).toHaveValue("18:00");
  await expect(page.getByRole("heading", { name: "Public holidays (next 12 months)" })).toBeVisible();
  await expect(page.getByText(/기독탄신일|1월 1일|설날/).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("calendar.png"), fullPage: true });
});

test("with JavaScript, calls until 21:30 are refused beside the field and nothing is saved", async ({ page }) => {
  await page.goto("/admin/calendar");
  await hydrated(page);
  await callingEnd(page).fill("21:30");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Nothing was saved: correct the fields marked below.")).toBeVisible();
  await expect(callingEnd(page)).toHaveAccessibleDescription(new RegExp(LEGAL.replace(/[.]/g, "\\.")));
  await expect(callingEnd(page)).toHaveAttribute("aria-invalid", "true");
  expect(await axeViolations(page)).toEqual([]);
  await callingEnd(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("calendar-refused.png") });
  await page.goto("/admin/calendar");
  await expect(callingEnd(page)).toHaveValue("18:00");
});

test("without JavaScript the hours form posts to the server, which refuses beside the field; the seeded hours save", async ({
  page,
  browser,
}) => {
  const { page: noJs, close } = await withoutJavaScript(browser, page);
  await noJs.goto("/admin/calendar");
  await callingEnd(noJs).fill("07:00");
  const refused = noJs.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/calendar"));
  await noJs.getByRole("button", { name: "Save", exact: true }).click();
  expect((await refused).status()).toBe(400);
  await expect(noJs.getByText("The end must be later than the start.")).toBeVisible();
  await expect(callingEnd(noJs)).toHaveValue("07:00");
  await callingEnd(noJs).fill("18:00");
  await noJs.getByRole("button", { name: "Save", exact: true }).click();
  await expect(noJs.getByText("Saved. Every page and the call schedule use the new hours.")).toBeVisible();
  await expect(callingEnd(noJs)).toHaveValue("18:00");
  await close();
});

test("a closed day added in the console leaves the status page's call-back times, and comes back when removed", async ({
  page,
  browser,
  request,
}) => {
  // A working day a few days ahead (inside the 7 days offered), not a public holiday.
  const today = seoulDay(new Date());
  const closed = [4, 5, 3, 6].map((n) => addDays(today, n)).find((d) => isOpenDay(DEFAULT_CALENDAR, d))!;
  const sent = await request.post("/svc/answer/create?lang=en", {
    data: sampleConsultation({ submissionId: crypto.randomUUID(), name: `CLOSED ${Date.now()}` }),
  });
  const url = new URL(((await sent.json()) as { data: { status_url: string } }).data.status_url);
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${url.pathname}?lang=en`);
  expect(await slotDays(visitor)).toContain(closed);
  await expect(
    visitor.getByText(/^We work Monday–Friday, 09:00–18:00 Korea time \(KST\), and not on Korean public holidays\.$/),
  ).toBeVisible();
  // The completion page promises calls by the same calendar.
  await visitor.goto("/loan-consultation-complete?lang=en");
  await expect(
    visitor.getByText(/^We call Monday–Friday, 09:00–18:00 Korea time \(KST\), but not on Korean public holidays\./),
  ).toBeVisible();
  await visitor.goto(`${url.pathname}?lang=en`);

  await page.goto("/admin/calendar");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Day (required)" }).fill(closed);
  await page.getByLabel("Note (operators only)").fill("Office move");
  await page.getByRole("button", { name: "Add closed day" }).click();
  await expect(page.getByText("Closed day added.")).toBeVisible();
  try {
    await visitor.reload();
    const days = await slotDays(visitor);
    expect(days).not.toContain(closed);
    expect(days.size).toBeGreaterThan(0);
    expect(await axeViolations(visitor)).toEqual([]);
    await visitor.screenshot({ path: test.info().outputPath("status-slots-closed.png"), fullPage: true });
  } finally {
    await page.getByRole("button", { name: `Remove the closed day ${closed}` }).click();
    await expect(page.getByText("Closed day removed.")).toBeVisible();
  }
  await visitor.reload();
  expect(await slotDays(visitor)).toContain(closed);
  await visitorContext.close();
});
