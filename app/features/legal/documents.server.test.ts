import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { SAMPLE_LENDERS } from "#db/migrations/0175_lenders.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import { POLICY_KINDS } from "#app/features/legal/links.ts";
import { legalViewFor, renderLegalDocument } from "#app/features/legal/documents.server.ts";
import { freshDatabase, type TestDatabase } from "#tests/support/databases.ts";

/**
 * The legal documents as the first versions migration 0140 seeds from
 * content/legal (the dated versions themselves: tests/integration/legal-versions.test.ts).
 */
const url = (search: string) => new URL(`http://localhost/${search}`);
let handle: TestDatabase;
beforeAll(async () => {
  handle = await freshDatabase("sqlite");
});
afterAll(async () => handle.cleanup());

describe("legal documents", () => {
  it.each(POLICY_KINDS.flatMap((kind) => (["ko", ...LOCALES] as const).map((lang) => [kind, lang] as const)))(
    "%s in %s renders with every placeholder filled from the business identity",
    async (kind, lang) => {
      const doc = await renderLegalDocument(handle.db, kind, lang);
      expect(doc?.html).toBeTruthy();
      expect(doc?.html).not.toMatch(/\{\w+\}/);
      expect(doc?.html).toContain("<h3>");
      expect(doc?.html).toContain(SAMPLE_IDENTITY.email);
      expect(doc?.html).toContain(SAMPLE_IDENTITY.phone);
    },
  );

  it.each(["ko", ...LOCALES] as const)(
    "the notice and the privacy policy in %s name every lender (금융소비자보호법 제26조①1)",
    async (lang) => {
      for (const kind of ["notice", "privacy"] as const) {
        const html = (await renderLegalDocument(handle.db, kind, lang))?.html ?? "";
        for (const lender of Object.values(SAMPLE_LENDERS))
          expect(html, `${kind}/${lang}`).toContain(lang === "ko" ? lender.legal_name : lender.names.en);
      }
      // The notice says who answers for damage done in brokering (법 제44조, 제45조) and no longer counts the 14 days from the money alone.
      const notice = (await renderLegalDocument(handle.db, "notice", lang))?.html ?? "";
      expect(notice).toMatch(/44/);
      expect(notice).toMatch(/45/);
    },
  );

  it("the Korean privacy policy no longer defers the lenders' names", async () => {
    expect((await renderLegalDocument(handle.db, "privacy", "ko"))?.html).not.toContain("구체적인 회사명은 동의를 받을 때 알려 드립니다");
    expect((await renderLegalDocument(handle.db, "notice", "ko"))?.html).toContain("계약서류를 받은 날부터 14일");
  });

  it("uses the Korean address in the Korean original and the English one elsewhere", async () => {
    expect((await renderLegalDocument(handle.db, "complaint", "ko"))?.html).toContain(SAMPLE_IDENTITY.addressKo);
    expect((await renderLegalDocument(handle.db, "complaint", "en"))?.html).toContain(SAMPLE_IDENTITY.addressEn);
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
    expect(await legalViewFor(handle.db, url("?lang=vi"), "vi")).toBeNull();
  });

  it("gives the document in the visitor's language with its version date (the terms: in force since 2022-12-20)", async () => {
    const view = await legalViewFor(handle.db, url("?policy=service"), "vi");
    expect(view).toMatchObject({ found: true, kind: "service", lang: "vi", version: "2022-12-20", state: "current", coming: null });
    expect(view?.found && view.versions).toEqual([{ date: "2022-12-20", until: null, state: "current", significant: false }]);
  });

  it("gives the Korean original on ?policyLang=ko", async () => {
    const view = await legalViewFor(handle.db, url("?policy=complaint&policyLang=ko"), "mn");
    expect(view).toMatchObject({ found: true, kind: "complaint", lang: "ko", version: "2023-05-08" });
    expect(view?.found && view.html).toContain("민원");
  });

  it("ignores an unsupported policyLang", async () => {
    expect(await legalViewFor(handle.db, url("?policy=notice&policyLang=fr"), "id")).toMatchObject({ lang: "id" });
  });

  it("answers 'not found' for an unknown kind or version, never throws", async () => {
    expect(await legalViewFor(handle.db, url("?policy=../../etc/passwd"), "en")).toEqual({ found: false, kind: "../../etc/passwd" });
    expect(await legalViewFor(handle.db, url("?policy="), "en")).toEqual({ found: false, kind: "" });
    expect(await legalViewFor(handle.db, url("?policy=constructor"), "en")).toMatchObject({ found: false });
    expect(await legalViewFor(handle.db, url("?policy=privacy&version=2024-01-01"), "en")).toEqual({ found: false, kind: "privacy" });
    expect(await legalViewFor(handle.db, url("?policy=privacy&version=junk"), "en")).toEqual({ found: false, kind: "privacy" });
  });
});
