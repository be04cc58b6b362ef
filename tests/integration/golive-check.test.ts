import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runScript } from "#tests/support/run-script.ts";
import { freshDatabase } from "#tests/support/databases.ts";
import { legalFindings } from "#app/features/go-live/checks.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { connect } from "#db/connect.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, post, signInCookie } from "#tests/support/admin.ts";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { identityFields } from "#app/features/business-settings/schema.ts";
import { saveCertificate } from "#app/features/business-settings/business.server.ts";
import * as business from "#app/routes/admin.business.tsx";
import { setSectionHidden } from "#app/features/home-claims/home-claims.server.ts";

/**
 * `npm run golive:check` (issue 36, item 4) as the deploy guide's last step
 * runs it: on a fresh install it lists the samples and the missing settings
 * and exits 1; once the business's details are filled in through the
 * console, a backup is made and the environment is set, it exits 0.
 */
// Three `node scripts/…` processes, each some seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 60_000 });
const dir = mkdtempSync(join(tmpdir(), "golive-"));
const url = `file:${join(dir, "app.db")}`;
const env = { ...process.env, DATABASE_URL: url, APP_SECRET_FILE: join(dir, "secret.key") };

const run = (script: string, args: string[], extra: Record<string, string> = {}) => runScript(script, args, { ...env, ...extra });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const READY_ENV = {
  PUBLIC_ORIGIN: "https://k-loan.example",
  APP_SECRET: "a".repeat(40),
  SMTP_URL: "smtp://mail.example:25",
  VAPID_PUBLIC_KEY: "BPublicKeyForTheTestOnly",
  VAPID_PRIVATE_KEY: "privateKeyForTheTestOnly",
};

describe("npm run golive:check", () => {
  it("lists the samples and missing settings on a fresh install and exits 1; exits 0 once all are done", async () => {
    const fresh = await run("golive-check.ts", []);
    expect(fresh.code).toBe(1);
    expect(fresh.out).toContain(
      "✗ The business's details: Legal name (English): still the sample value. → http://localhost:3000/admin/business",
    );
    expect(fresh.out).toContain("✗ Registration certificate: The registration certificate is still the sample PDF.");
    // The privacy policy's 개인정보 보호책임자 (issue 47, item 5).
    expect(fresh.out).toContain("✗ The business's details: Privacy officer's name (Korean): still the sample value.");
    expect(fresh.out).toContain("Privacy officer's e-mail: still the sample value.");
    expect(fresh.out).toContain("PUBLIC_ORIGIN is not the site's https:// address.");
    expect(fresh.out).toContain("No backup in the last two days");
    // The home page's sample figures and reviews (issue 35, item 4).
    expect(fresh.out).toContain(
      "✗ Home page figures and reviews: Total loan disbursed (KRW): a figure on the home page nobody has confirmed (still the specification's sample).",
    );
    expect(fresh.out).toContain(
      "A customer review on the home page nobody has confirmed. Confirm it with the customer's consent date, or hide it. → http://localhost:3000/admin/home-claims/reviews/1",
    );
    // The loan ads' sample approvals (issue 35, items 1 and 2).
    expect(fresh.out).toContain(
      "✗ Loan ads' approvals: Loan product regional-bank-general: the lender's confirmation and the compliance review are still the samples. → http://localhost:3000/admin/products/",
    );
    expect(fresh.out).toContain("The event popup: the lender's confirmation and the compliance review are still the samples.");
    expect(fresh.out).not.toContain("a".repeat(40));

    // The administrator fills in the business's own details in the console…
    const handle = connect(url);
    try {
      const services = testServices(handle.db);
      await createOperator(handle.db, "admin@example.com", "correct horse battery");
      const cookie = await signInCookie(services, "admin@example.com", "correct horse battery");
      const csrf = await csrfOf(services, cookie);
      const own = {
        ...identityFields(SAMPLE_IDENTITY),
        legal_name_ko: "밝은대출중개 주식회사",
        legal_name_en: "Bright Loan Brokerage Co., Ltd.",
        representative_ko: "김민지",
        representative_en: "Kim Min-ji",
        business_number: "220-81-62517",
        broker_number: "2024-01234",
        address_ko: "경기도 안산시 단원구 원곡로 1",
        address_en: "1 Wongok-ro, Danwon-gu, Ansan, Gyeonggi-do",
        lat: "37.3315",
        lng: "126.8059",
        phone: "1577-1234",
        email: "help@bright-loans.kr",
        whatsapp: "",
        messenger: "",
        privacy_officer_name_ko: "김민지",
        privacy_officer_name_en: "Kim Min-ji",
        privacy_officer_position_ko: "대표이사",
        privacy_officer_position_en: "Chief Executive",
        privacy_officer_phone: "1577-1234",
        privacy_officer_email: "privacy@bright-loans.kr",
        csrf,
      };
      const saved = await callRoute(business, "guarded", post("/admin/business", own, cookie), services);
      expect(await saved.json()).toEqual({ ok: "saved" });
      const pdf = Buffer.from(`%PDF-1.4\n${"% certificate of registration ".repeat(4)}\n%%EOF\n`, "latin1");
      await saveCertificate(handle.db, { operator: { id: 1, email: "admin@example.com", role: "admin" } }, pdf);
      // …and hides the sample figures and reviews until it has its own.
      for (const section of ["figures", "reviews"] as const)
        await setSectionHidden(handle.db, { operator: { id: 1, email: "admin@example.com", role: "admin" } }, section, true);
      // …and enters the lenders' own confirmation and review numbers for each ad (the Products and Campaigns pages
      // save them, and clear the sample mark, as their own tests show).
      for (const table of ["loan_product_versions", "campaign_banners", "campaign_popup"] as const) {
        await handle.db.updateTable(table).set({ sample: 0 }).execute();
      }
    } finally {
      await handle.close();
    }
    // …a backup is made, and the environment is set.
    const backup = await run("backup.ts", ["--out", join(dir, "backup.db")]);
    expect(backup.code).toBe(0);
    const ready = await run("golive-check.ts", [], READY_ENV);
    expect(ready.out).toContain("golive:check: nothing left; ready to go live.");
    expect(ready.code).toBe(0);
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
