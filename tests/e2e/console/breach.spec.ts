import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, english, seed, seoulToday } from "#tests/e2e/console/fixtures.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";

/**
 * The leak runbook's console page (issue 52 item 4): an administrator records
 * when a leak became known and sees the 72-hour clock, the requests affected
 * and the notices in six languages.
 */
test.beforeEach(async ({ context }) => english(context));
test.use({ signedInAs: "admin" });

test("the export page (reason, columns, approvals) is accessible", async ({ page }) => {
  await page.goto("/admin/downloads?kind=consultation");
  await expect(page.getByRole("heading", { level: 1, name: "Export to CSV" })).toBeVisible();
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/export-page.png", fullPage: true });
});

test("records a leak, shows the 72-hour clock, the affected requests and the notices; axe clean", async ({ page }) => {
  seed("consultation", { name: "BREACH PERSON", phone: "01055550000" });
  await page.goto("/admin/breach");
  await expect(page.getByRole("heading", { level: 1, name: "Leak response" })).toBeVisible();
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);

  // Learned of an hour ago (Korea time): the 72 hours run from then.
  const known = formatSeoul(new Date(Date.now() - 3_600_000));
  const form = page.getByRole("region", { name: "Record a leak" });
  await form.getByLabel("When you learned of it (Korea time)").fill(known.replace(" ", "T"));
  await form.getByLabel("Requests received from").fill(seoulToday());
  await form.getByLabel(/^to\b/).fill(seoulToday());
  await form.getByRole("group", { name: "Kinds of requests affected" }).getByLabel("Loan consultation").check();
  const items = form.getByRole("group", { name: "What leaked" });
  await items.getByLabel("name", { exact: true }).check();
  await items.getByLabel("phone number").check();
  await form.getByLabel("How it happened").selectOption("lost_device");
  await form.getByLabel(/What happened, in your words/).fill("업무용 노트북 분실 / a work laptop was lost");
  await form.getByRole("group", { name: "What you have done" }).getByLabel("We changed passwords and keys.").check();
  await form.getByRole("button", { name: "Record the leak and start the clock" }).click();
  await expect(page.getByText("Recorded. The 72-hour clock runs from the moment you gave.")).toBeVisible();

  const incident = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`known ${known}`) }) })
    .first();
  await expect(incident.getByRole("status")).toHaveText(/Notify and report by .+ \(Korea time\): (70|71) h \d+ min left\./);
  await expect(incident.getByText(/^Requests affected: \d+/)).toBeVisible();
  await incident.getByText("Tiếng Việt").click();
  await expect(incident.getByText("họ tên, số điện thoại")).toBeVisible();
  await incident.getByText("한국어").click();
  await expect(incident.getByText("이름, 전화번호")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/breach-console.png", fullPage: true });
});
