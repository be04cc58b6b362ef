import { axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, createOperator, english, seed, signIn } from "#tests/e2e/console/fixtures.ts";
import { codeTo, textCount } from "#tests/support/e2e-texts.ts";

/**
 * The right to refuse further contact (금융소비자보호법 제21조의2; issue 35)
 * reaches the agent: a visitor refuses on /privacy-rights with the number of
 * the agent's due lead; My calls no longer lists the lead and says one is
 * left out; the request page says "Do not contact", asked by the person.
 */
const stamp = () => `${test.info().workerIndex}-${Date.now()}`;
test.beforeEach(async ({ context }) => english(context));

test("a refusal on the rights page takes the lead off My calls and marks the request page", async ({ page, browser }) => {
  // Two browsers, a code through the text fake and a dozen page loads: 10 s on a busy machine.
  test.setTimeout(60_000);
  const agent = `refused-${stamp()}@example.com`;
  createOperator(agent);
  seed("role", { email: agent, role: "agent" });
  const name = `REFUSES ${stamp()}`;
  const phone = `010${String(Date.now()).slice(-8)}`;
  const { id } = seed("consultation", { name, phone, assignTo: agent });
  await signIn(page, agent);
  await page.goto("/admin/calls");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(1);

  // The visitor, in another browser, without JavaScript.
  const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const rights = await visitor.newPage();
    await rights.goto("/privacy-rights?lang=en");
    await rights.getByRole("radio", { name: "Stop contacting me" }).check();
    await rights.getByRole("textbox", { name: "The phone number you used" }).fill(phone);
    const since = await textCount();
    await rights.getByRole("button", { name: "Send my request" }).click();
    // It takes effect once the number is proven: the code texted to it (issue 48 item 5).
    await expect(rights.getByRole("status")).toContainText("a 6-digit code was sent to it");
    await rights.getByRole("textbox", { name: "The 6-digit code" }).fill(await codeTo(phone, since));
    await rights.getByRole("button", { name: "Confirm" }).click();
    await expect(rights.getByRole("status").first()).toContainText("we will not contact this number");
  } finally {
    await visitor.close();
  }

  await page.goto("/admin/calls");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My calls");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  await expect(page.locator("[data-refused-count]")).toContainText(/not listed: (its|their) numbers? asked not to be contacted/);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`/admin/requests/consultation/${id}`);
  const banner = page.locator("[data-do-not-contact]").first();
  await expect(banner).toHaveAttribute("data-do-not-contact", "person");
  await expect(banner).toContainText("The person asked for it on the rights page");
  await expect(page.getByText("No call: this number asked not to be contacted.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("request-refused-en.png"), fullPage: true });
});
