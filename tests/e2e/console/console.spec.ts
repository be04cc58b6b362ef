import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { test, expect, createOperator, english, seed, seoulToday, signIn } from "#tests/e2e/console/fixtures.ts";
import { CONSOLE_ROUTES } from "#tests/support/admin-routes.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { openAesZip } from "#app/lib/aes-zip.server.ts";

/**
 * The operator console against the production build. Operators are created
 * with the real `npm run admin:create` script on the server's SQLite file;
 * requests are seeded by a test-only script (tests/support/admin-seed.ts).
 * Signed in, the tests share their worker's administrator (`admin`).
 */

test.describe("without a session", () => {
  test("every console page redirects to sign-in, every data route answers 401, nothing leaks", async ({ request, baseURL }) => {
    const secret = `SECRET PERSON ${Date.now()}`;
    const { id: consultation } = seed("consultation", { name: secret, phone: "01099990000" });
    const { photo } = seed("as", { name: secret });
    for (const route of CONSOLE_ROUTES) {
      const path = route.path.replace("{consultation}", String(consultation)).replace("{photo}", String(photo));
      const response = await request.get(path, { maxRedirects: 0 });
      const body = await response.text();
      expect(body, path).not.toContain(secret);
      expect(body, path).not.toContain("01099990000");
      if (route.access === "page") {
        expect(response.status(), path).toBe(302);
        expect(response.headers().location, path).toBe(`/admin/sign-in?next=${encodeURIComponent(path)}`);
        const data = await request.get(`${path.split("?")[0]}.data`, { maxRedirects: 0 });
        expect(await data.text(), `${path}.data`).not.toContain(secret);
      } else if (route.access === "data") {
        expect(response.status(), path).toBe(401);
        expect(response.headers()["cache-control"]).toContain("no-store");
      }
      if (route.post) {
        const posted = await request.post(path, { form: route.post, maxRedirects: 0, headers: { Origin: baseURL! } });
        expect(posted.status(), `POST ${path}`).toBe(302);
        expect(posted.headers().location).toMatch(/^\/admin\/sign-in/);
      }
    }
  });

  test("the sign-in page is Korean by default, refuses a wrong password, and is accessible", async ({ page, adminSession }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("운영자 로그인");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Operator sign-in");
    await page.getByLabel("E-mail").fill(adminSession.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The e-mail or password is not correct.");
    await expect(page).toHaveURL(/\/admin\/sign-in/);
  });
});

/** Finds the consultation in the inbox, moves it to "contacting", keeps a note, and exports it. */
async function inboxFlow(page: Page, operator: string, name: string, phone: string) {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  const search = page.getByRole("search");
  await search.getByLabel("Name or phone").fill(name);
  await search.getByRole("button", { name: "Apply" }).click();
  const row = page.getByRole("row").filter({ hasText: name }).first();
  await expect(row).toContainText("Loan consultation");
  await expect(row).toContainText(phone);
  await expect(row).toContainText("New");
  await row.getByRole("link", { name }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Loan consultation #\d+$/);
  const content = page.getByRole("region", { name: "What the visitor sent" });
  for (const value of ["Yes", "E-9", "2027-12-31", "Vietnam", name, phone, "Agreed"]) await expect(content).toContainText(value);
  // The version in force when it was given: the seed's, or the business's first own one if legal-first-version.spec published it meanwhile.
  await expect(content).toContainText(/privacy \(version \d{4}-\d{2}-\d{2}\): agreed/);

  await hydrated(page);
  await page.getByRole("radio", { name: "Contacting" }).check();
  await page.getByRole("button", { name: "Move" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved to “Contacting”." })).toBeVisible();
  await expect(page.getByText("New → Contacting")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("request-stage-en.png"), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Operator note").fill("Called; will send the documents list.");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByText("Changed the operator note").first()).toBeVisible();

  await page.getByRole("link", { name: "← Back to the inbox" }).click();
  const filters = page.getByRole("search");
  await filters.getByLabel("Status").selectOption("contacting");
  await filters.getByLabel("Name or phone").fill(phone.slice(-8));
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("row").filter({ hasText: name }).first()).toContainText("Contacting");

  // The export (issue 52): a reason, chosen columns, an encrypted ZIP whose password shows once.
  const exporter = page.getByRole("region", { name: "Export to CSV" });
  await exporter.getByLabel("Kind").selectOption("consultation");
  await exporter.getByLabel("From").fill(seoulToday());
  await exporter.getByLabel("To").fill(seoulToday());
  await exporter.getByRole("button", { name: "Export…" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Export to CSV" })).toBeVisible();
  await hydrated(page);
  const made = page.getByRole("region", { name: `Loan consultation, ${seoulToday()} – ${seoulToday()}` });
  // Name and phone are personal data: off until ticked.
  await expect(made.getByRole("checkbox", { name: "Name · personal data" })).not.toBeChecked();
  await made.getByRole("checkbox", { name: "Name · personal data" }).check();
  await made.getByRole("checkbox", { name: "Phone · personal data" }).check();
  await made.getByLabel("Reason for this download").fill("Sending the day's leads to the call team");
  await made.getByRole("button", { name: "Make the encrypted file" }).click();
  const sealed = page.getByRole("region", { name: /^Encrypted file ready/ });
  const password = (await sealed.locator("[data-password]").textContent())!;
  await page.screenshot({ path: "test-results/export-sealed.png", fullPage: true });
  expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
  const [download] = await Promise.all([page.waitForEvent("download"), sealed.getByRole("link", { name: /^Download / }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^consultation_${seoulToday()}_${seoulToday()}_.+_\\d{8}-\\d{4}KST\\.zip$`));
  const zip = readFileSync((await download.path())!);
  expect(zip.includes(Buffer.from(name))).toBe(false);
  expect(() => openAesZip(zip, "not the password")).toThrow();
  const bytes = Buffer.from(openAesZip(zip, password)[0]!.data);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString("utf8");
  expect(csv).toContain("No.,Received (KST),Status,Wants a loan,Visa type,Visa expiry,Nationality,Name,Phone");
  const line = csv.split("\r\n").find((l) => l.includes(name))!;
  expect(line).toContain(`,Contacting,yes,E-9,2027-12-31,Vietnam,${name},${phone},Y,`);
  expect(line).toContain("Called; will send the documents list.");
  // Shown once: the page again has no password on it.
  await page.reload();
  await expect(page.locator("[data-password]")).toHaveCount(0);

  await page.getByRole("link", { name: "Audit log" }).click();
  // Other console tests run in parallel and write audit rows too: look for this operator's own.
  await expect(page.getByRole("row").filter({ hasText: "Exported" }).filter({ hasText: operator }).first()).toBeVisible();
  // An export writes a row per record: the views are looked up by their action, not found under the exports.
  await page.getByLabel("Action").selectOption("view");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/action=view/);
  await expect(
    page.getByRole("row").filter({ hasText: "Viewed" }).filter({ hasText: operator }).filter({ hasText: "Loan consultation" }).first(),
  ).toBeVisible();
}

test.describe("signed in", () => {
  test.use({ signedInAs: "admin" });
  test.beforeEach(async ({ context }) => english(context));

  test("a consultation seeded into the database appears in the inbox, changes status, and is exported", async ({ page, admin }) => {
    const name = `NGUYEN SEEDED ${Date.now()}`;
    const phone = `010${String(Date.now()).slice(-8)}`;
    seed("consultation", { name, phone });
    await inboxFlow(page, admin, name, phone);
  });

  test("a consultation submitted on the public site appears in the inbox, changes status, and is exported", async ({
    page,
    request,
    admin,
  }) => {
    const submission_id = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    // Unique: the public site's own tests send consultations to the same database.
    const name = `NGUYEN PUBLIC ${Date.now()}`;
    const phone = `010${String(Date.now()).slice(-8)}`;
    const response = await request.post("/svc/answer/create", {
      data: sampleConsultation({ submissionId: submission_id, name, phone, marketing: "Y" }),
    });
    expect(response.status()).toBe(200);
    await inboxFlow(page, admin, name, phone);
  });

  test("an A/S request shows its photo (from the database, private) and the pages pass axe", async ({ page, request }) => {
    test.slow(); // five axe scans
    const name = `ANSAN SHOP ${Date.now()}`;
    const { id, photo } = seed("as", { name });
    seed("banner", { count: 9 });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/admin/requests/as/${id}`);
    const image = page.getByRole("img", { name: "Photo 1 sent with the request" });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    const served = await page.request.get(`/admin/photos/${photo}`);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["cache-control"]).toBe("private, no-store");
    expect((await request.get(`/admin/photos/${photo}`)).status()).toBe(401);
    await expect(page.getByText("The screen goes black.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    for (const section of ["Banner taps", "Blog links", "Audit log"]) {
      await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: section }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(section);
      expect(await axeViolations(page), section).toEqual([]);
    }
  });

  test("banner taps are shown per partner and day", async ({ page }) => {
    seed("banner", { count: 6 });
    await page.goto("/admin/banners");
    const table = page.getByRole("table", { name: "Taps per day" });
    await expect(table.getByRole("columnheader", { name: "savings-bank" })).toBeVisible();
    const today = table.getByRole("row", { name: new RegExp(`^${seoulToday()}`) });
    await expect(today).toBeVisible();
    expect(Number(await today.getByRole("cell").last().innerText())).toBeGreaterThan(0);
  });

  test("blog links: a private address is refused; a title is corrected; a link is deleted", async ({ page }) => {
    const title = `Seeded link ${Date.now()}`;
    seed("blog", { title });
    await page.goto("/admin/blog-links");
    await hydrated(page);
    await page.getByLabel("Page address (URL)").fill("http://127.0.0.1:9/internal");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("This address points to a private or local network and cannot be read.")).toBeVisible();

    const item = page.getByRole("listitem").filter({ hasText: title });
    await item.getByText("Edit or delete").click();
    await item.getByLabel("Title").fill(`${title} (fixed)`);
    await item.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link saved." })).toBeVisible();
    const fixed = page.getByRole("listitem").filter({ hasText: `${title} (fixed)` });
    await expect(fixed).toBeVisible();
    await fixed.getByText("Edit or delete").click();
    await fixed.getByRole("button", { name: "Delete this link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link deleted." })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
  });
});

// An operator of its own, not the worker's shared administrator: signing out ends its session.
test.describe("signing in and out", () => {
  test.beforeEach(async ({ context }) => english(context));

  test("signing in lands on the inbox; signing out ends the session", async ({ page }) => {
    const operator = `sign-out-${test.info().workerIndex}-${Date.now()}@example.com`;
    createOperator(operator);
    await signIn(page, operator);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await page.goto("/admin/audit");
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Faudit$/);
  });
});
