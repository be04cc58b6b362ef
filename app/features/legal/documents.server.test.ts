import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { SAMPLE_LENDERS } from "#db/migrations/0175_lenders.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import { POLICY_KINDS } from "#app/features/legal/links.ts";
import { legalViewFor, renderLegalDocument, type LegalFactsSource } from "#app/features/legal/documents.server.ts";
import { freshDatabase, type TestDatabase } from "#tests/support/databases.ts";

/**
 * The legal documents as the first versions migration 0140 seeds from
 * content/legal (the dated versions themselves: tests/integration/legal-versions.test.ts).
 */
const url = (search: string) => new URL(`http://localhost/${search}`);
/** One live product: 1,000,000–10,000,000 KRW, 9.9–15.9 %, 12–36 months. */
const LIVE: LegalFactsSource = async () => ({
  ranges: { amount: { min: 1_000_000, max: 10_000_000 }, rateBp: { min: 990, max: 1590 }, term: { min: 12, max: 36 } },
});
const NONE: LegalFactsSource = async () => ({ ranges: null });
let handle: TestDatabase;
beforeAll(async () => {
  handle = await freshDatabase("sqlite");
});
afterAll(async () => handle.cleanup());

describe("legal documents", () => {
  it.each(POLICY_KINDS.flatMap((kind) => (["ko", ...LOCALES] as const).map((lang) => [kind, lang] as const)))(
    "%s in %s renders with every placeholder filled from the business identity",
    async (kind, lang) => {
      const doc = await renderLegalDocument(handle.db, kind, lang, LIVE);
      expect(doc?.html).toBeTruthy();
      expect(doc?.html).not.toMatch(/\{[?!/]?\w+\}/);
      expect(doc?.html).toContain("<h3>");
      expect(doc?.html).toContain(SAMPLE_IDENTITY.email);
      expect(doc?.html).toContain(SAMPLE_IDENTITY.phone);
    },
  );

  it.each(["ko", ...LOCALES] as const)(
    "the notice and the privacy policy in %s name every lender (금융소비자보호법 제26조①1)",
    async (lang) => {
      for (const kind of ["notice", "privacy"] as const) {
        const html = (await renderLegalDocument(handle.db, kind, lang, LIVE))?.html ?? "";
        for (const lender of Object.values(SAMPLE_LENDERS))
          expect(html, `${kind}/${lang}`).toContain(lang === "ko" ? lender.legal_name : lender.names.en);
      }
      // The notice says who answers for damage done in brokering (법 제44조, 제45조) and no longer counts the 14 days from the money alone.
      const notice = (await renderLegalDocument(handle.db, "notice", lang, LIVE))?.html ?? "";
      expect(notice).toMatch(/44/);
      expect(notice).toMatch(/45/);
    },
  );

  it("the Korean privacy policy no longer defers the lenders' names", async () => {
    expect((await renderLegalDocument(handle.db, "privacy", "ko", LIVE))?.html).not.toContain(
      "구체적인 회사명은 동의를 받을 때 알려 드립니다",
    );
    expect((await renderLegalDocument(handle.db, "notice", "ko", LIVE))?.html).toContain("계약서류를 받은 날부터 14일");
  });

  it("states the live products' span in the notice, per language, and says there is none when nothing is live", async () => {
    const ko = (await renderLegalDocument(handle.db, "notice", "ko", LIVE))?.html ?? "";
    expect(ko).toContain("대출금액: 1,000,000원 이상 10,000,000원 이하");
    expect(ko).toContain("대출금리: 연 9.9% ~ 연 15.9%");
    expect(ko).toContain("대출기간: 12개월 ~ 36개월");
    expect(ko).not.toContain("현재 회사가 중개하는 대출상품은 없습니다");
    const vi = (await renderLegalDocument(handle.db, "notice", "vi", LIVE))?.html ?? "";
    expect(vi).toContain("từ 9,9% đến 15,9% một năm");
    for (const lang of ["ko", ...LOCALES] as const) {
      const none = (await renderLegalDocument(handle.db, "notice", lang, NONE))?.html ?? "";
      expect(none, lang).not.toMatch(/\{[?!/]?\w+\}/);
      expect(none, lang).not.toMatch(/15[.,]9/);
    }
    expect((await renderLegalDocument(handle.db, "notice", "ko", NONE))?.html).toContain("현재 회사가 중개하는 대출상품은 없습니다");
  });

  it("writes the sample's registration date and the version's own date in each language", async () => {
    expect((await renderLegalDocument(handle.db, "complaint", "ko", LIVE))?.html).toContain("등록일: 2023년 4월 27일");
    expect((await renderLegalDocument(handle.db, "complaint", "en", LIVE))?.html).toContain("on April 27, 2023");
    expect((await renderLegalDocument(handle.db, "privacy", "ko", LIVE))?.html).toContain("시행일: 2023년 3월 6일");
    expect((await renderLegalDocument(handle.db, "privacy", "en", LIVE))?.html).toContain("Effective date: March 6, 2023");
  });

  it("uses the Korean address in the Korean original and the English one elsewhere", async () => {
    expect((await renderLegalDocument(handle.db, "complaint", "ko", LIVE))?.html).toContain(SAMPLE_IDENTITY.addressKo);
    expect((await renderLegalDocument(handle.db, "complaint", "en", LIVE))?.html).toContain(SAMPLE_IDENTITY.addressEn);
  });

  it("has a file for every kind and language (the first versions), and nothing else", () => {
    const root = new URL("../../../content/legal/", import.meta.url);
    expect(readdirSync(root).sort()).toEqual([...POLICY_KINDS].sort());
    for (const kind of POLICY_KINDS) {
      expect(readdirSync(new URL(`${kind}/`, root)).sort()).toEqual(["en", "id", "ko", "mn", "my", "vi"].map((l) => `${l}.md`));
      expect(readFileSync(new URL(`${kind}/ko.md`, root), "utf8").length).toBeGreaterThan(3000);
    }
  });
});

describe("legalViewFor (?policy=kind)", () => {
  it("is null without ?policy", async () => {
    expect(await legalViewFor(handle.db, url("?lang=vi"), "vi", LIVE)).toBeNull();
  });

  it("gives the document in the visitor's language with its version date (the terms: in force since 2022-12-20)", async () => {
    const view = await legalViewFor(handle.db, url("?policy=service"), "vi", LIVE);
    expect(view).toMatchObject({ found: true, kind: "service", lang: "vi", version: "2022-12-20", state: "current", coming: null });
    expect(view?.found && view.versions).toEqual([{ date: "2022-12-20", until: null, state: "current", significant: false }]);
    // The version lines' dates, written out on the server in the page's language (issue 50, X3).
    expect(view?.found && view.days).toEqual({ "2022-12-20": "20 tháng 12, 2022" });
  });

  it("gives the Korean original on ?policyLang=ko", async () => {
    const view = await legalViewFor(handle.db, url("?policy=complaint&policyLang=ko"), "mn", LIVE);
    expect(view).toMatchObject({ found: true, kind: "complaint", lang: "ko", version: "2023-05-08" });
    expect(view?.found && view.html).toContain("민원");
  });

  it("ignores an unsupported policyLang", async () => {
    expect(await legalViewFor(handle.db, url("?policy=notice&policyLang=fr"), "id", LIVE)).toMatchObject({ lang: "id" });
  });

  it("answers 'not found' for an unknown kind or version, never throws", async () => {
    expect(await legalViewFor(handle.db, url("?policy=../../etc/passwd"), "en", LIVE)).toEqual({ found: false, kind: "../../etc/passwd" });
    expect(await legalViewFor(handle.db, url("?policy="), "en", LIVE)).toEqual({ found: false, kind: "" });
    expect(await legalViewFor(handle.db, url("?policy=constructor"), "en", LIVE)).toMatchObject({ found: false });
    expect(await legalViewFor(handle.db, url("?policy=privacy&version=2024-01-01"), "en", LIVE)).toEqual({ found: false, kind: "privacy" });
    expect(await legalViewFor(handle.db, url("?policy=privacy&version=junk"), "en", LIVE)).toEqual({ found: false, kind: "privacy" });
  });
});
