import { execFile, spawn, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import webpush from "web-push";
import type { Locator, Page } from "@playwright/test";
import { test, expect, hydrated } from "#tests/e2e/fixtures.ts";
import { totpNow } from "#tests/e2e/console/fixtures.ts";
import { startSmtpServer } from "#tests/support/alert-receivers.ts";
import { freePort } from "#tests/support/raw-http.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import { PUBLIC_ROUTES } from "#app/config/public-routes.ts";
import { findSamples, sampleValues } from "#app/features/go-live/samples.ts";
import { pageText } from "#app/features/go-live/scan.server.ts";
import { makeBackupKey } from "#tests/support/backup-key.ts";

/**
 * Issue 47's "done when": a new broker goes live from a fresh install the way
 * README's go-live list says, at 390×844, through the console's pages and the
 * commands a person types — no SQL anywhere. The administrator is made by
 * `npm run admin:create` and sets up two-step sign-in; the business's details
 * and privacy officer, its brand and links, its lender and product (with the
 * disclosures and approvals) are entered; the samples are retired, deleted or
 * taken down; the cash counter is switched off; the first own legal texts are
 * published in force at once; the privacy officer is invited; the server
 * runs with its production environment; `npm run access:export` and
 * `npm run backup` run as their timers would; and `npm run golive:check` exits 0
 * after its test e-mail reached the (in-test) SMTP server. Then every public
 * route in all five languages is read and none of the fresh install's sample
 * values is left (the list derived from the seed, `sampleValues()`).
 */
const NODE = "node_modules/.bin/node";
const EMAIL = "minsu.kim@hanbit-loan.example";
const PASSWORD = "correct horse battery staple";
const ORIGIN = "https://www.hanbit-loan.example";
const APP_SECRET = "hanbit-app-secret-0123456789-abcdefghij";

/** A day `days` from today in Seoul (YYYY-MM-DD): an approval's validity, a rate's date. */
function seoulDay(days = 0): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date(Date.now() + days * 86_400_000));
}

const png = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 4, background: { r, g: 90, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();

async function healthy(origin: string) {
  await expect
    .poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status, { timeout: 30_000, intervals: [250, 500, 1000] })
    .toBe(200);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A form's field by its label (a required one's label ends in "(required)"), inside `scope`. */
const field = (scope: Page | Locator, label: string, role: "textbox" | "combobox" = "textbox") =>
  scope.getByRole(role, { name: new RegExp(`^${escape(label)}( \\(required\\))?$`) });

async function saved(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible({ timeout: 10_000 });
}

test("a new broker goes live from a fresh install through the console and its commands, and no sample is left on any public page", async ({
  browser,
}) => {
  // 20 s alone, 60 s beside the rest of the suite on two cores: a production server of its own, some fifty form posts, two scans of every page.
  test.setTimeout(360_000);
  const dir = mkdtempSync(join(tmpdir(), "go-live-walk-"));
  const smtp = await startSmtpServer();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const vapid = webpush.generateVAPIDKeys();
  // The environment of README's step 1, as deploy/env.example sets it; the browser reaches the server on loopback.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    APP_SECRET,
    APP_SECRET_FILE: join(dir, "secret.key"),
    PUBLIC_ORIGIN: ORIGIN,
    ALLOWED_ORIGINS: origin,
    SMTP_URL: smtp.url,
    ALERT_EMAIL_TO: "alerts@hanbit-loan.example",
    ALERT_EMAIL_FROM: "Hanbit Loan <site@hanbit-loan.example>",
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:ops@hanbit-loan.example",
    BACKUP_DIR: join(dir, "backups"),
    ACCESS_EXPORT_DIR: join(dir, "access-records"),
    // Backups encrypted to the office's key (issue 52): a clear one is a go-live finding.
    BACKUP_RECIPIENT: makeBackupKey(dir).recipient,
    RATE_LIMIT_MAX: "100000",
    LOG_LEVEL: "error",
    NODE_ENV: "production",
  };
  // The scripts run as a person types them, beside the test process (which answers as the SMTP server meanwhile).
  const npmRun = async (script: string, args: string[] = [], input?: string) => {
    const run = promisify(execFile)(NODE, [`scripts/${script}.ts`, ...args], { env, encoding: "utf8" });
    if (input !== undefined) run.child.stdin!.end(input);
    try {
      const { stdout, stderr } = await run;
      return { code: 0, out: `${stdout}${stderr}` };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: `${e.stdout}${e.stderr}` };
    }
  };

  // README step 2: the first administrator, by the script.
  expect((await npmRun("admin-create", ["--email", EMAIL], `${PASSWORD}\n`)).code).toBe(0);
  let server: ChildProcess | undefined = spawn(process.execPath, ["server/main.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, locale: "en-US" });
  try {
    await healthy(origin);
    await context.addCookies([{ name: "admin_lang", value: "en", domain: "127.0.0.1", path: "/" }]);
    const page = await context.newPage();

    // Sign in; an administrator sets up two-step sign-in first.
    await page.goto("/admin/sign-in");
    await hydrated(page);
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    const key = (await page.locator("code").first().textContent())!;
    await hydrated(page);
    await page.getByLabel("Code from the app").fill(totpNow(key));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByRole("link", { name: "I have kept them: go to the inbox" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");

    // Step 3: the Business page.
    await page.goto("/admin/business");
    await hydrated(page);
    const names = page.getByRole("group", { name: "Names and registration" });
    for (const [label, value] of [
      ["Legal name (Korean)", "한빛대출중개 주식회사"],
      ["Legal name (English)", "Hanbit Loan Brokerage Co., Ltd."],
      ["Trading name (Korean)", "한빛론"],
      ["Trading name (English)", "Hanbit Loan"],
      ["Representative (Korean)", "김민수"],
      ["Representative (English)", "Kim Min-su"],
      ["Business registration number", "107-86-12344"],
    ])
      await field(names, label!).fill(value!);
    const broker = page.getByRole("group", { name: "Loan broker registration (금융소비자보호법)" });
    await field(broker, "Registration number").fill("2026-0123");
    await field(broker, "Registered on").fill("2026-03-16");
    await field(broker, "Registering body (Korean)").fill("금융위원회");
    await field(broker, "Registering body (English)").fill("Financial Services Commission");
    const office = page.getByRole("group", { name: "Office" });
    await field(office, "Address (Korean)").fill("서울특별시 영등포구 국제금융로 10 (07326)");
    await field(office, "Address (English)").fill("10 Gukjegeumyung-ro, Yeongdeungpo-gu, Seoul 07326");
    await field(office, "Map position: latitude").fill("37.5251");
    await field(office, "Map position: longitude").fill("126.9255");
    const contact = page.getByRole("group", { name: "Contact" });
    await field(contact, "Help-centre phone").fill("1600-1234");
    await field(contact, "E-mail").fill("help@hanbit-loan.example");
    const officer = page.getByRole("group", { name: "Privacy officer" });
    for (const [label, value] of [
      ["Privacy officer's name (Korean)", "이지은"],
      ["Privacy officer's name (English)", "Lee Ji-eun"],
      ["Privacy officer's position (Korean)", "개인정보 보호책임자(이사)"],
      ["Privacy officer's position (English)", "Privacy Officer (Director)"],
      ["Privacy officer's phone", "1600-1235"],
      ["Privacy officer's e-mail", "privacy@hanbit-loan.example"],
    ])
      await field(officer, label!).fill(value!);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await saved(page, /Saved\./);
    const pdf = Buffer.from(`%PDF-1.4\n${"% 대출성 금융상품 판매대리·중개업자 등록증 ".repeat(8)}\n%%EOF\n`, "utf8");
    await page.getByLabel("New certificate").setInputFiles({ name: "registration.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByRole("button", { name: "Upload" }).click();
    await saved(page, /certificate/i);
    // …and the cash counter off: this broker sells loans only.
    await page.getByRole("checkbox", { name: "Cash counter sales and A/S" }).uncheck();
    await page.getByRole("button", { name: "Save lines of business" }).click();
    await saved(page, /Saved\./);
    // …and its processors (issue 52): the Web Push services the page offers filled in, and its hosting.
    const hosting = page.getByRole("group", { name: "Add a processor" });
    for (const [label, value] of [
      ["Name (company and service)", "Hanbit Cloud Co., Ltd."],
      ["Task, in Korean", "서버 호스팅과 데이터 보관"],
      ["Task, in English", "Server hosting and data storage"],
      ["Country (two letters)", "KR"],
      ["How and when data moves, in Korean", "서비스 운영 중 서버에 저장"],
      ["How and when data moves, in English", "Stored on its servers while the service runs"],
    ])
      await field(hosting, label!).fill(value!);
    await page.getByRole("button", { name: "Save processors" }).click();
    await saved(page, /names these processors/);

    // Step 4: brand and links — its own images, its KakaoTalk channel, every sample link emptied.
    await page.goto("/admin/brand");
    await hydrated(page);
    for (const [file, upload, buffer] of [
      ["New logo", "Upload logo", await png(256, 256, 20)],
      ["New tab icon", "Upload tab icon", await png(128, 128, 40)],
      ["New sharing picture", "Upload sharing picture", await png(1200, 630, 60)],
    ] as const) {
      await page.getByLabel(file).setInputFiles({ name: "hanbit.png", mimeType: "image/png", buffer });
      await page.getByRole("button", { name: upload }).click();
      await saved(page, "The new image is now on the site.");
    }
    await field(page, "Authenticator issuer name").fill("Hanbit Loan");
    await field(page, "API document title").fill("Hanbit Loan API");
    for (const box of await page.getByRole("textbox").all()) {
      if (/example/.test(await box.inputValue())) await box.fill("");
    }
    await field(page, "WhatsApp link").fill("");
    await field(page, "Messenger link").fill("");
    await field(page, "KakaoTalk channel link").fill("https://pf.kakao.com/_hanbitloan");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await saved(page, /Saved\./);

    // Step 5: its lender.
    await page.goto("/admin/lenders/new");
    await hydrated(page);
    await field(page, "Legal name (Korean, as registered)").fill("주식회사 예시저축은행");
    await field(page, "Name visitors see").first().fill("Yesi Savings Bank");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await saved(page, /Added\./);
    await hydrated(page);
    await page.getByLabel("New logo").setInputFiles({ name: "yesi.png", mimeType: "image/png", buffer: await png(640, 320, 120) });
    await page.getByRole("button", { name: "Upload logo" }).click();
    await saved(page, "Logo changed. The site shows it within a few seconds.");

    // Step 6: the samples retired first (without a 대부중개업 registration, one lender's products at a time),
    // then its product, with everything its ad must state, published.
    await page.goto("/admin/products");
    await hydrated(page);
    for (const key of ["regional-bank-general", "regional-bank-student", "savings-bank"]) {
      const card = page.getByRole("listitem").filter({ hasText: key });
      await card.getByRole("button", { name: "Retire" }).click();
      await saved(page, "Retired. Its ads leave the site at once.");
    }
    await page.goto("/admin/products/new");
    await hydrated(page);
    await field(page, "Partner key").fill("yesi-worker-loan");
    await field(page, "Lender", "combobox").selectOption({ label: "주식회사 예시저축은행" });
    await page.getByRole("button", { name: "Create the product" }).click();
    await saved(page, "Product created. Fill in the details below and publish.");
    await hydrated(page);
    await field(page, "Name").first().fill("Foreign worker credit loan");
    for (const [label, value] of [
      ["Amount from (KRW)", "1000000"],
      ["Amount to (KRW)", "10000000"],
      ["Rate from (% a year)", "9.9"],
      ["Rate to (% a year)", "15.9"],
      ["Term from (months)", "12"],
      ["Term to (months)", "36"],
      ["Months of stay left after the last instalment", "6"],
      ["Months with the current employer", "6"],
      ["Minimum annual income (KRW)", "24000000"],
      ["Rates as of", seoulDay()],
      ["Product's official name (Korean)", "외국인 근로자 신용대출"],
      ["How the rate is set (the lender's words, Korean)", "대출 실행일의 당사 기준금리에 신용도별 가산금리를 더하여 산정"],
      ["Overdue rate: agreed rate + … percentage points", "3"],
      ["Handling fee (% of the amount)", "0"],
      ["Prepayment fee (% of the amount repaid early)", "0"],
      ["Credit standard (the lender's words, Korean)", "개인신용평점(NICE) 600점 이상, 당사 심사기준에 따름"],
      ["Lender's confirmation no. (확인필)", "2026-123"],
      ["Confirmation valid until", seoulDay(180)],
      ["Compliance review no. (준법감시인 심의필)", "2026-045"],
      ["Review valid until", seoulDay(180)],
    ])
      await field(page, label!).fill(value!);
    await page.getByRole("checkbox", { name: "Equal payments (원리금균등)" }).check();
    for (const visa of ["E-9", "E-7", "F-2"]) await page.getByRole("checkbox", { name: visa, exact: true }).check();
    await page.getByRole("checkbox", { name: "Standard employment contract" }).check();
    await field(page, "Fixed or variable rate", "combobox").selectOption({ label: "Fixed" });
    await field(page, "Stamp duty (인지세)", "combobox").selectOption({ label: "Borrower and lender half each" });
    await field(page, "When interest is charged (이자 부과시기)", "combobox").selectOption({
      label: "Every month, on the agreed payment day (매월 약정일)",
    });
    await page.getByRole("button", { name: "Save and publish" }).click();
    await saved(page, "Published.");

    // Step 7: the sample banners deleted, the sample popup switched off; the sample figures and reviews hidden.
    await page.goto("/admin/campaigns");
    await hydrated(page);
    for (let left = await page.getByText("Delete…").count(); left > 0; left--) {
      await page.getByText("Delete…").first().click();
      await page
        .getByRole("button", { name: /^Delete .* for good$/ })
        .first()
        .click();
      await expect(page.getByText("Delete…")).toHaveCount(left - 1);
    }
    await page.goto("/admin/campaigns/popup");
    await hydrated(page);
    await page.getByRole("checkbox", { name: "On", exact: true }).uncheck();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await saved(page, /^(Saved\.|Published)/);
    await page.goto("/admin/home-claims");
    await hydrated(page);
    for (const section of ["Figures", "Reviews"]) {
      await page.getByRole("region", { name: section }).getByRole("button", { name: "Hide this section" }).click();
      await saved(page, "The section is hidden from the home page.");
    }

    // The blog list's sample links, deleted.
    await page.goto("/admin/blog-links");
    await hydrated(page);
    for (let left = await page.getByText("Edit or delete").count(); left > 0; left--) {
      await page.getByText("Edit or delete").first().click();
      await page.getByRole("button", { name: "Delete this link" }).click();
      await expect(page.getByText("Edit or delete")).toHaveCount(left - 1);
    }

    // Step 8: the business's first own legal texts, in force at once (their facts come from the settings above).
    for (const kind of ["Privacy policy", "Terms of service", "Loan financial product notice", "User complaint handling policy"]) {
      await page.goto("/admin/legal");
      const doc = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: kind }) });
      await doc.getByRole("link", { name: "Write a new version" }).click();
      await hydrated(page);
      await expect(page.getByLabel("Takes effect on (Korea date)")).toHaveValue(seoulDay());
      await page.getByRole("button", { name: "Save the first version" }).click();
      await saved(page, "The business's first own version is in force from today. The site shows it now.");
    }

    // The privacy officer, invited on the Operators page (issue 52: somebody reviews the access records).
    await page.goto("/admin/operators");
    await hydrated(page);
    const invite = page.getByRole("region", { name: "Invite an operator" });
    await invite.getByLabel("E-mail").fill("privacy@hanbit-loan.example");
    await invite.getByLabel("Role").selectOption("officer");
    await invite.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByRole("row").filter({ hasText: "privacy@hanbit-loan.example" })).toContainText("Invited (no password yet)");

    // The access records' daily export, as its timer runs it: into ACCESS_EXPORT_DIR.
    const exported = await npmRun("access-export");
    expect(exported.code, exported.out).toBe(0);

    // Step 9: a backup, to BACKUP_DIR, readable by its owner only.
    const backup = await npmRun("backup");
    expect(backup.code, backup.out).toBe(0);
    const files = readdirSync(join(dir, "backups"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(statSync(join(dir, "backups", file)).mode & 0o077).toBe(0);

    // Step 10: the go-live check asks the running server, sends its test e-mail, and finds nothing left.
    const check = await npmRun("golive-check");
    expect(check.out).toContain("golive:check: nothing left; ready to go live.");
    expect(check.code).toBe(0);
    expect(smtp.messages.map((m) => m.to)).toContainEqual(["alerts@hanbit-loan.example"]);
    await page.goto("/admin/go-live");
    await expect(page.getByText("Nothing is left: the site may go live.")).toBeVisible();
    await page.screenshot({ path: "test-results/go-live-walk-console.png", fullPage: true });

    // And a visitor, in every language, on every public route: none of the fresh install's sample values.
    const samples = sampleValues();
    const found: string[] = [];
    for (const { path } of PUBLIC_ROUTES) {
      for (const lang of LOCALES) {
        const response = await fetch(`${origin}${path}?lang=${lang}`, { redirect: "manual" });
        if (response.status >= 300 && response.status < 500) continue;
        expect(response.status, `${path} ${lang}`).toBe(200);
        for (const hit of findSamples(pageText(await response.text()), samples))
          found.push(`${path}?lang=${lang}: ${hit.value} — ${hit.excerpt}`);
      }
    }
    expect(found).toEqual([]);
    const visitor = await context.newPage();
    await visitor.goto("/loan-consultation?lang=vi");
    await expect(visitor.locator("[data-lender-notice]")).toContainText("주식회사 예시저축은행");
    await visitor.goto("/company/our-partners?lang=vi");
    await expect(visitor.locator('main img[src^="/media/brand/"]')).toHaveCount(1);
    await expect(visitor.getByText("Yesi Savings Bank")).toBeVisible();
    await visitor.screenshot({ path: "test-results/go-live-walk-consultation-vi.png", fullPage: true });
  } finally {
    await context.close();
    if (server?.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    server = undefined;
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
