import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { site } from "#app/config/site.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import { POLICY_KINDS } from "#app/features/legal/links.ts";
import { legalViewFor, renderLegalDocument } from "#app/features/legal/documents.server.ts";

const url = (search: string) => new URL(`http://localhost/${search}`);

describe("legal documents", () => {
  it.each(POLICY_KINDS.flatMap((kind) => (["ko", ...LOCALES] as const).map((lang) => [kind, lang] as const)))(
    "%s in %s renders with every placeholder filled from site.ts",
    async (kind, lang) => {
      const html = await renderLegalDocument(kind, lang);
      expect(html).toBeTruthy();
      expect(html).not.toMatch(/\{\w+\}/);
      expect(html).toContain("<h3>");
      expect(html).toContain(site.email);
      expect(html).toContain(site.phone);
    },
  );

  it.each(["ko", ...LOCALES] as const)(
    "the notice and the privacy policy in %s name every lender (금융소비자보호법 제26조①1)",
    async (lang) => {
      for (const kind of ["notice", "privacy"] as const) {
        const html = (await renderLegalDocument(kind, lang)) ?? "";
        for (const partner of site.partners) expect(html, `${kind}/${lang}`).toContain(partner.name);
      }
      // The notice says who answers for damage done in brokering (법 제44조, 제45조) and no longer counts the 14 days from the money alone.
      const notice = (await renderLegalDocument("notice", lang)) ?? "";
      expect(notice).toMatch(/44/);
      expect(notice).toMatch(/45/);
    },
  );

  it("the Korean privacy policy no longer defers the lenders' names", async () => {
    expect(await renderLegalDocument("privacy", "ko")).not.toContain("구체적인 회사명은 동의를 받을 때 알려 드립니다");
    expect(await renderLegalDocument("notice", "ko")).toContain("계약서류를 받은 날부터 14일");
  });

  it("uses the Korean address in the Korean original and the English one elsewhere", async () => {
    expect(await renderLegalDocument("complaint", "ko")).toContain(site.addressKo);
    expect(await renderLegalDocument("complaint", "en")).toContain(site.address);
  });

  it("has a file for every kind and language, and nothing else", () => {
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
    expect(await legalViewFor(url("?lang=vi"), "vi")).toBeNull();
  });

  it("gives the document in the visitor's language with its version date", async () => {
    const view = await legalViewFor(url("?policy=service"), "vi");
    expect(view).toMatchObject({ found: true, kind: "service", lang: "vi", version: "2023-05-18" });
  });

  it("gives the Korean original on ?policyLang=ko", async () => {
    const view = await legalViewFor(url("?policy=complaint&policyLang=ko"), "mn");
    expect(view).toMatchObject({ found: true, kind: "complaint", lang: "ko", version: "2023-05-08" });
    expect(view?.found && view.html).toContain("민원");
  });

  it("ignores an unsupported policyLang", async () => {
    expect(await legalViewFor(url("?policy=notice&policyLang=fr"), "id")).toMatchObject({ lang: "id" });
  });

  it("answers 'not found' for an unknown kind, never throws", async () => {
    expect(await legalViewFor(url("?policy=../../etc/passwd"), "en")).toEqual({ found: false, kind: "../../etc/passwd" });
    expect(await legalViewFor(url("?policy="), "en")).toEqual({ found: false, kind: "" });
    expect(await legalViewFor(url("?policy=constructor"), "en")).toMatchObject({ found: false });
  });
});
