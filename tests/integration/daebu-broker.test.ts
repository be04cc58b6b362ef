import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testContext, testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, post, signInCookie } from "#tests/support/admin.ts";
import { pageText, type PageModule } from "#tests/support/render-page.tsx";
import { LOCALES } from "#app/i18n/locales.ts";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { identityFields } from "#app/features/business-settings/schema.ts";
import { saveIdentity } from "#app/features/business-settings/business.server.ts";
import { adFindings } from "#app/features/go-live/checks.server.ts";
import * as business from "#app/routes/admin.business.tsx";
import * as home from "#app/routes/home.tsx";
import * as productPage from "#app/routes/our-products.loan.tsx";
import * as calculator from "#app/routes/our-products.repayment-calculator.tsx";
import * as loanFaq from "#app/routes/information-service.loan-faq.tsx";
import * as glossary from "#app/routes/information-service.loan.tsx";

/**
 * With a 대부중개업 registration the site applies 대부업법 itself (issue 48
 * item 1b, ADR 0051): the 상호 must contain "대부중개" (제5조의2②) unless the
 * ground of the exemption of 제5조의2③ is recorded — refused on the Business
 * page, a go-live finding for a stored identity that breaks it; the 상호 and
 * the 대부중개업 number first in every ad and on the home page (별표 1); the
 * 제9조③ items beside every rate (the banner's, the product page's, the
 * calculator's blocks); the 별표 1 warnings word for word from the statute
 * folder. The placement at 360 px is the browser test's
 * (tests/e2e/daebu-broker.spec.ts).
 */
const DAEBU = {
  daebu_number: "2026-서울중구-0001",
  daebu_date: "2026-02-02",
  daebu_body_ko: "서울특별시 중구청",
  daebu_body_en: "Jung-gu Office, Seoul",
  daebu_verify_url: "https://www.fines.fss.or.kr",
  daebu_verify_phone: "02-3396-4114",
};
const NAME = "샘플대부중개 주식회사";
const MARK = `${NAME} · 대부중개업 등록번호 제${DAEBU.daebu_number}호`;
const statute = (id: string) =>
  (JSON.parse(readFileSync(new URL(`../../content/statutes/${id}.json`, import.meta.url), "utf8")) as { ko: string }).ko;
const WARNINGS = ["daebu-warning-misfortune", "daebu-warning-credit"].map(statute);
/** 대부업법 제9조③ and 시행령 제6조③, as the block's Korean part words them for the sample product. */
const ITEMS = [
  `${NAME} · 대출성 금융상품 판매대리·중개업자`,
  `대부중개업 등록번호 제${DAEBU.daebu_number}호 (등록기관 ${DAEBU.daebu_body_ko}, 등록 조회 ☎${DAEBU.daebu_verify_phone})`,
  `영업소 ${SAMPLE_IDENTITY.addressKo} · 전화 ${SAMPLE_IDENTITY.phone}`,
  "금리 연 13%~19.9%",
  "연체이자율 약정금리+",
  "취급수수료 ",
  "중도상환수수료 ",
  "중개수수료를 요구하거나 받는 것은 불법입니다.",
];

/** The pages that state a rate, each with the query that shows its ad. */
const PAGES: { name: string; module: PageModule; path: string }[] = [
  { name: "home (banners)", module: home, path: "/" },
  { name: "product page", module: productPage, path: "/?product=regional-bank-general" },
  {
    name: "calculator from a product",
    module: calculator,
    path: "/?amount=5000000&rate=15&months=12&method=annuity&product=regional-bank-general",
  },
  // A sentence that states the live products' rates is an ad too: the items go beside it (ADR 0056).
  { name: "loan guide's figures", module: productPage, path: "/" },
  { name: "calculator's rate hint", module: calculator, path: "/" },
  { name: "FAQ's rate answer", module: loanFaq, path: "/?category=interest" },
  { name: "glossary's annual rate", module: glossary, path: "/?term=annual-rate" },
];

describe.each(DIALECTS)("a 대부중개업 registration on %s", (dialect) => {
  let handle: TestDatabase;
  let cookie: string;
  let csrf: string;
  const services = () => testServices(handle.db);
  const save = (changes: Record<string, string>) =>
    callRoute(business, "guarded", post("/admin/business", { ...identityFields(SAMPLE_IDENTITY), ...changes, csrf }, cookie), services());
  const daebuNameFindings = async () => (await adFindings(handle.db)).filter((f) => f.what === "golive.daebuName");

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await createOperator(handle.db, "admin@example.com", "correct horse battery");
    cookie = await signInCookie(services(), "admin@example.com", "correct horse battery");
    csrf = await csrfOf(services(), cookie);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it.each(PAGES)("without the registration the $name carries no 대부업법 item", async (p) => {
    const shown = await pageText(p.module, testContext(services(), "en"), p.path);
    expect(shown).toMatch(/19\.9 ?%/);
    expect(shown).not.toContain("대부중개업 등록번호");
  });

  it("is refused on the Business page while the 상호 lacks 대부중개 and no exemption is recorded, and nothing is saved", async () => {
    const refused = await save(DAEBU);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({ legal_name_ko: "business.error.daebuName" });
    const stray = await save({ daebu_name_exemption: "근거 없음" });
    expect(stray.status).toBe(400);
    expect(((await stray.json()) as { errors: Record<string, string> }).errors).toEqual({
      daebu_name_exemption: "business.error.exemptionWithoutDaebu",
    });
    expect(await businessIdentity(handle.db)).toEqual(SAMPLE_IDENTITY);
  });

  it("is saved with the ground of the 제5조의2③ exemption recorded, and the go-live check lets it be", async () => {
    const ground = "대부중개업 매출 비중이 시행령 기준 미만 (2026년 감사보고서)";
    expect((await save({ ...DAEBU, daebu_name_exemption: ground })).status).toBe(200);
    expect((await businessIdentity(handle.db)).daebuNameExemption).toBe(ground);
    expect(await daebuNameFindings()).toEqual([]);
  });

  it("is a go-live finding when a stored identity has the registration, no 대부중개 in its 상호 and no exemption", async () => {
    const stored = await businessIdentity(handle.db);
    // As a version before this rule could have stored it.
    await saveIdentity(
      handle.db,
      { operator: { id: 1, email: "admin@example.com", role: "admin" } },
      { ...stored, daebuNameExemption: "" },
    );
    expect(await daebuNameFindings()).toMatchObject([{ area: "ads", detail: SAMPLE_IDENTITY.legalNameKo, fix: "/admin/business" }]);
  });

  describe("with a 상호 containing 대부중개", () => {
    beforeAll(async () => {
      expect((await save({ ...DAEBU, legal_name_ko: NAME })).status).toBe(200);
    });

    it("leaves no finding on the 상호", async () => {
      expect(await daebuNameFindings()).toEqual([]);
    });

    describe.each(LOCALES)("in %s", (locale) => {
      it.each(PAGES)(
        "the $name starts its ad with the 상호 and number and carries every 제9조③ item and the 별표 1 warnings",
        async (p) => {
          const shown = await pageText(p.module, testContext(services(), locale), p.path);
          expect(shown).toContain(MARK);
          for (const item of ITEMS) expect(shown, item).toContain(item);
          for (const warning of WARNINGS) expect(shown).toContain(warning);
          // The mark comes before the first rate the page states.
          expect(shown.indexOf(MARK)).toBeLessThan(shown.indexOf("금리 연 "));
        },
      );
    });

    it("puts the 상호 and number on the home page before its first heading", async () => {
      const shown = await pageText(home, testContext(services(), "en"), "/");
      expect(shown.indexOf(MARK)).toBeGreaterThanOrEqual(0);
      const hero = shown.indexOf(MARK);
      expect(shown.slice(0, hero).trim()).toBe("");
    });
  });
});
