import { afterAll, describe, expect, it, vi } from "vitest";
import { runScript } from "#tests/support/run-script.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { legalFindings, type Finding } from "#app/features/go-live/checks.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { testAlertConfig, testServices, TEST_APP_SECRET, type TestServices } from "#tests/support/services.ts";
import { createOperator, csrfOf, signInCookie } from "#tests/support/admin.ts";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { saveIdentity } from "#app/features/business-settings/business.server.ts";
import { createSending } from "#server/outbox.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import { GOLIVE_PATH, goLiveAuthorization, type GoLiveAnswer } from "#app/features/go-live/remote.server.ts";
import { pageText } from "#app/features/go-live/scan.server.ts";
import { closeVite, startAppServer } from "#tests/support/app-server.ts";
import { closedOrigin, startSmtpServer } from "#tests/support/alert-receivers.ts";

/**
 * The go-live check as a running server answers it (issues 36 and 47): the
 * public pages scanned for the seed's sample values in every language, a test
 * alert sent through the configured SMTP, and `npm run golive:check` asking
 * that server, so that it prints what the console page shows.
 */
// Every answer renders the public pages in five languages (a few seconds on a busy two-core machine).
vi.setConfig({ testTimeout: 120_000 });
afterAll(() => closeVite());

const OWN = {
  ...SAMPLE_IDENTITY,
  legalNameKo: "밝은대출중개 주식회사",
  legalNameEn: "Bright Loan Brokerage Co., Ltd.",
  tradeNameKo: "밝은대출",
  tradeNameEn: "Bright Loans",
  representativeKo: "김민지",
  representativeEn: "Kim Min-ji",
  businessRegistrationNumber: "220-81-62517",
  addressKo: "경기도 안산시 단원구 원곡로 1",
  addressEn: "1 Wongok-ro, Danwon-gu, Ansan, Gyeonggi-do",
  phone: "1577-1234",
  email: "help@bright-loans.kr",
  privacyOfficer: {
    nameKo: "박서연",
    nameEn: "Park Seo-yeon",
    positionKo: "개인정보 보호책임자",
    positionEn: "Privacy Officer",
    phone: "1577-1235",
    email: "privacy@bright-loans.kr",
  },
};
/** The identity's values the footer shows on every page. */
const FOOTER_VALUES = ["legalNameKo", "legalNameEn", "representativeEn", "businessRegistrationNumber", "phone", "email"] as const;

/** Asks the running server for its findings as the script does. */
async function ask(origin: string, secret = TEST_APP_SECRET): Promise<GoLiveAnswer> {
  const response = await fetch(`${origin}${GOLIVE_PATH}`, { method: "POST", headers: { authorization: goLiveAuthorization(secret) } });
  expect(response.status).toBe(200);
  return (await response.json()) as GoLiveAnswer;
}

const publicValues = (findings: Finding[]) => findings.filter((f) => f.area === "public").map((f) => f.detail);

async function withServer(
  dialect: (typeof DIALECTS)[number],
  services: (db: TestDatabase) => TestServices,
  run: (db: TestDatabase, origin: string, s: TestServices) => Promise<void>,
) {
  const handle = await freshDatabase(dialect);
  const app = services(handle);
  const server = await startAppServer(app);
  try {
    await run(handle, server.origin, app);
  } finally {
    await server.close();
    await app.alerts.stop();
    await handle.cleanup();
  }
}

describe.each(DIALECTS)("the go-live scan of the public pages (%s)", (dialect) => {
  it("finds the sample identity in the footer of every language, and it goes once the business's own is saved", async () => {
    await withServer(
      dialect,
      (h) => testServices(h.db),
      async (handle, origin) => {
        const fresh = (await ask(origin)).findings;
        for (const key of FOOTER_VALUES) {
          const finding = fresh.find((f) => f.area === "public" && f.detail === SAMPLE_IDENTITY[key]);
          expect(finding, key).toBeDefined();
          // The home page is scanned first: the footer shows it there in each of the five languages.
          expect(finding!.places![0]!.page).toBe("/");
          expect([...finding!.places![0]!.langs].sort()).toEqual([...LOCALES].sort());
          expect(finding!.places![0]!.excerpt).toContain(SAMPLE_IDENTITY[key]);
          expect(finding!.fix).toBe("/admin/business");
        }
        // The seeded products' sample marks show too (the ads' "[샘플]" terms), each once however many pages.
        expect(publicValues(fresh).filter((v) => v === "[샘플]").length).toBeLessThanOrEqual(1);

        // The administrator saves the business's own details (the Business page's server function).
        await createOperator(handle.db, "admin@example.com", "correct horse battery");
        const who = { operator: { id: 1, email: "admin@example.com", role: "admin" as const } };
        expect(await saveIdentity(handle.db, who, OWN)).toBe("saved");
        const after = publicValues((await ask(origin)).findings);
        for (const key of FOOTER_VALUES) expect(after, key).not.toContain(SAMPLE_IDENTITY[key]);
        expect(after).not.toContain(SAMPLE_IDENTITY.addressEn);
      },
    );
  });
});

describe("the go-live check's test alert", () => {
  it("arrives at the alert address through the configured SMTP; a dead SMTP is a finding", async () => {
    const smtp = await startSmtpServer();
    try {
      const email = { smtpUrl: smtp.url, to: ["alerts@bright-loans.kr"], from: "site@bright-loans.kr" };
      const services = (h: TestDatabase) =>
        testServices(h.db, { alerts: createSending(h.db, testAlertConfig({ email }), silentLogger, { secret: TEST_APP_SECRET }) });
      await withServer("sqlite", services, async (_h, origin) => {
        const { findings } = await ask(origin);
        expect(smtp.messages.map((m) => m.to)).toEqual([["alerts@bright-loans.kr"]]);
        expect(findings.filter((f) => f.area === "alerts")).toEqual([]);
      });
    } finally {
      await smtp.close();
    }
    const dead = { smtpUrl: `smtp://${new URL(await closedOrigin()).host}`, to: ["alerts@bright-loans.kr"], from: "site@bright-loans.kr" };
    const deadServices = (h: TestDatabase) =>
      testServices(h.db, { alerts: createSending(h.db, testAlertConfig({ email: dead }), silentLogger, { secret: TEST_APP_SECRET }) });
    await withServer("sqlite", deadServices, async (_h, origin) => {
      const alerts = (await ask(origin)).findings.filter((f) => f.area === "alerts");
      expect(alerts).toEqual([
        {
          area: "alerts",
          what: "golive.alertFailed",
          detail: "email → alerts@bright-loans.kr: SMTP ESOCKET",
          fix: "README.md#alerts",
        },
      ]);
    });
  });
});

describe("npm run golive:check", () => {
  it("asks the running server and prints what its console page shows, with links on the server's origin", async () => {
    await withServer(
      "sqlite",
      (h) => testServices(h.db),
      async (handle, origin, services) => {
        const port = new URL(origin).port;
        const cli = await runScript("golive-check.ts", [], { ...process.env, PORT: port, APP_SECRET: TEST_APP_SECRET });
        expect(cli.code).toBe(1);
        expect(cli.out).toContain(`✗ The business's details: Legal name (English): still the sample value. → ${origin}/admin/business`);
        expect(cli.out).toContain(`✗ What visitors still see: “${SAMPLE_IDENTITY.phone}” is a sample value`);
        expect(cli.out).toContain("No alert goes by e-mail");
        expect(cli.out).not.toContain(TEST_APP_SECRET);

        // The console page, after "Send a test alert now", in English: every line the script printed is on it.
        await createOperator(handle.db, "admin@example.com", "correct horse battery");
        const cookie = await signInCookie(services, "admin@example.com", "correct horse battery");
        const csrf = await csrfOf(services, cookie);
        // A post that is not the button's (no intent) sends nothing: 400.
        const stray = await fetch(`${origin}/admin/go-live`, {
          method: "POST",
          headers: { cookie: `${cookie}; admin_lang=en`, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrf }),
        });
        expect(stray.status).toBe(400);
        const page = await fetch(`${origin}/admin/go-live`, {
          method: "POST",
          headers: { cookie: `${cookie}; admin_lang=en`, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrf, intent: "test_alerts" }),
        });
        expect(page.status).toBe(200);
        const shown = pageText(await page.text()).replace(/\s+/g, " ");
        const lines = cli.out.split("\n").filter((l) => l.startsWith("✗ "));
        expect(lines.length).toBeGreaterThan(10);
        for (const line of lines) {
          const what = line.slice(line.indexOf(": ") + 2, line.lastIndexOf(" → "));
          expect(shown, line).toContain(what.replace(/\s+/g, " "));
        }
        const count = /golive:check: (\d+) left/.exec(cli.out)![1];
        expect(shown).toContain(`${count} things are left before going live.`);
      },
    );
  });

  it("says when no server answers or the server's APP_SECRET is not this run's, and exits 2", async () => {
    const none = await runScript("golive-check.ts", ["--server", await closedOrigin()], { ...process.env, APP_SECRET: TEST_APP_SECRET });
    expect(none.code).toBe(2);
    expect(none.out).toContain("no server answers at http://127.0.0.1:");
    await withServer(
      "sqlite",
      (h) => testServices(h.db),
      async (_h, origin) => {
        const wrong = await runScript("golive-check.ts", ["--server", origin], { ...process.env, APP_SECRET: "b".repeat(40) });
        expect(wrong.code).toBe(2);
        expect(wrong.out).toContain("this run's APP_SECRET is not the server's");
      },
    );
  });
});

describe("the go-live check's legal texts", () => {
  it("names a placeholder in a coming version that nothing fills, with where it is fixed", async () => {
    const handle = await freshDatabase("sqlite");
    try {
      expect(await legalFindings(handle.db)).toEqual([]);
      const now = new Date();
      const body = "Our bank account: {bankAccount}.";
      await handle.db
        .insertInto("legal_versions")
        .values({
          kind: "privacy",
          effective_on: "2099-01-01",
          significant: 0,
          body_ko: body,
          body_en: body,
          body_vi: body,
          body_id: body,
          body_my: body,
          body_mn: body,
          created_by: null,
          created_by_email: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute();
      // As the console's save does: every instance reads the texts again.
      await bumpContentVersion(handle.db, now);
      const findings = await legalFindings(handle.db, now);
      expect(findings).toHaveLength(6);
      expect(findings[0]).toEqual({
        area: "legal",
        what: "golive.placeholder",
        detail: "privacy 2099-01-01 (ko): {bankAccount}",
        fix: "/admin/legal",
      });
    } finally {
      await handle.cleanup();
    }
  });
});
