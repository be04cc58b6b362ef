import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testContext, testServices } from "#tests/support/services.ts";
import { pageText, type PageModule } from "#tests/support/render-page.tsx";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { legalViewFor } from "#app/features/legal/documents.server.ts";
import { STATUTE_IDS } from "#app/loans/statutes.server.ts";
import { liveProductRanges } from "#app/features/products/products.server.ts";
import * as consultation from "#app/routes/loan-consultation.tsx";
import * as faq from "#app/routes/information-service.loan-faq.tsx";
import * as glossary from "#app/routes/information-service.loan.tsx";
import * as productPage from "#app/routes/our-products.loan.tsx";

/**
 * The law's sentences to the letter (issue 48 item 4, ADR 0051): each
 * sentence is read from the statute folder itself (content/statutes/*.json,
 * read here from the disk, not through the module the pages use) and found,
 * verbatim, on every page that must carry it, rendered through the server as
 * a visitor gets it: in Korean on every language's page, and in the
 * visitor's language beside it where the page translates. The 대부업법
 * 별표 1 warnings of the ad block are checked with a 대부중개업 registration
 * in tests/integration/daebu-broker.test.ts.
 */
interface StatuteFile {
  id: string;
  law: string;
  article: string;
  url: string;
  effective: string;
  verbatim: boolean;
  provision: string;
  ko: string;
  translations: Record<Locale, string>;
}
const FOLDER = new URL("../../content/statutes/", import.meta.url);
const FILES: StatuteFile[] = readdirSync(FOLDER)
  .filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(new URL(name, FOLDER), "utf8")) as StatuteFile);
const law = (id: string): StatuteFile => {
  const found = FILES.find((f) => f.id === id);
  if (!found) throw new Error(`content/statutes has no ${id}`);
  return found;
};

/** The notice's HTML as text, entities undone (as `pageText` does for the pages). */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** Which sentence each page must carry. */
const PAGES: { name: string; module: PageModule; path: string; ids: string[] }[] = [
  {
    name: "product ad block",
    module: productPage,
    path: "/?product=regional-bank-general",
    ids: ["credit-warning-1", "credit-warning-2", "credit-warning-3"],
  },
  { name: "FAQ", module: faq, path: "/?category=repayment", ids: ["withdrawal"] },
  { name: "glossary", module: glossary, path: "/?term=withdrawal-right", ids: ["withdrawal"] },
  { name: "consultation box", module: consultation, path: "/", ids: ["broker-liability-44", "broker-liability-45"] },
];
const NOTICE = ["withdrawal", "daebu-warning-pain", "broker-liability-44", "broker-liability-45"];

describe("the statute folder", () => {
  it("gives every sentence its source, its effective date and all five translations", () => {
    // Every file is one the pages can read, and every sentence the pages read has its file.
    expect(FILES.map((f) => f.id).sort()).toEqual([...STATUTE_IDS].sort());
    for (const file of FILES) {
      expect(file.law, file.id).toMatch(/법|규정/);
      expect(file.article, file.id).toMatch(/제\d+조|별표/);
      expect(file.url, file.id).toMatch(/^https:\/\/www\.law\.go\.kr\//);
      expect(file.effective, file.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const locale of LOCALES) expect(file.translations[locale], `${file.id} ${locale}`).toBeTruthy();
    }
  });

  it("holds the 별표 1 warnings word for word, and each credit warning as its provision with only the ending turned", () => {
    for (const file of FILES.filter((f) => f.verbatim)) expect(file.ko).toBe(file.provision);
    expect(law("daebu-warning-misfortune").ko).toBe("과도한 빚은 당신에게 큰 불행을 안겨 줄 수 있습니다.");
    expect(law("daebu-warning-pain").ko).toBe("과도한 빚, 고통의 시작입니다.");
    for (const id of ["credit-warning-1", "credit-warning-2", "credit-warning-3"]) {
      const file = law(id);
      expect(file.provision.endsWith("수 있다는 사실")).toBe(true);
      expect(file.ko).toBe(file.provision.replace(/수 있다는 사실$/, "수 있습니다."));
    }
    expect(law("credit-warning-3").ko).toContain("계약만료 기한이 도래하기 전에");
    expect(law("withdrawal").ko).toContain("서면·전자우편·휴대전화 문자메시지 등으로");
    expect(law("withdrawal").ko).toContain("인지세 등");
  });
});

describe.each(DIALECTS)("the law's sentences, verbatim on the pages, on %s", (dialect) => {
  let handle: TestDatabase;
  const page = (locale: Locale, p: (typeof PAGES)[number]) => pageText(p.module, testContext(testServices(handle.db), locale), p.path);
  const notice = async (locale: Locale, policyLang: Locale | "ko") => {
    const facts = async (now: Date) => ({ ranges: await liveProductRanges(handle.db, now) });
    const view = await legalViewFor(handle.db, new URL(`http://localhost/?policy=notice&policyLang=${policyLang}`), locale, facts);
    return view?.found ? text(view.html) : "";
  };

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  describe.each(LOCALES)("in %s", (locale) => {
    it.each(PAGES)("the $name carries its sentences in Korean and in the visitor's language", async (p) => {
      const shown = await page(locale, p);
      for (const id of p.ids) {
        expect(shown, `${id} (ko)`).toContain(law(id).ko);
        expect(shown, `${id} (${locale})`).toContain(law(id).translations[locale]);
      }
    });

    it("the loan product notice carries its sentences, the Korean beside the translation", async () => {
      const shown = await notice(locale, locale);
      for (const id of NOTICE) expect(shown, id).toContain(`${law(id).translations[locale]} (${law(id).ko})`);
    });

    it("no page tells a visitor a withdrawal can be made by phone", async () => {
      const faqText = await page(locale, PAGES[1]!);
      const glossaryText = await page(locale, PAGES[2]!);
      expect(`${faqText} ${glossaryText}`).not.toMatch(/by phone|by telephone|qua điện thoại|melalui telepon|ဖုန်းဖြင့်|утсаар/);
    });
  });

  it("the Korean notice carries every sentence word for word and no withdrawal by telephone", async () => {
    const shown = await notice("en", "ko");
    for (const id of NOTICE) expect(shown, id).toContain(law(id).ko);
    expect(shown).not.toContain("서면, 전화 또는 온라인");
    expect(shown).not.toContain("과도한 빚은 고통의 시작입니다");
  });
});
