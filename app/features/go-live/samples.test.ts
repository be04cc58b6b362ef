import { SAMPLE_BRAND } from "#app/business/sample-brand.ts";
import { SAMPLE_LENDERS } from "#db/migrations/0175_lenders.ts";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { SAMPLE_TERMS } from "#db/migrations/0150_ad_disclosure.ts";
import { site } from "#app/config/site.ts";
import { findSamples, sampleValues } from "#app/features/go-live/samples.ts";
import { groupHits, pageText, PLACES_SHOWN } from "#app/features/go-live/scan.server.ts";

/** The go-live scan's matching (issue 47, item 6): a sample value anywhere in a page's text is found; a page of the business's own gives none. */
const samples = sampleValues();
const NOW = new Date("2026-11-29T00:00:00Z");

/** Words of a business's own page: letters, digits and punctuation of every script the site shows, never a sample. */
const ownWords = fc
  .array(
    fc.constantFrom(
      "Bright Loan Brokerage",
      "밝은대출중개 주식회사",
      "1577-1234",
      "help@bright-loans.kr",
      "Vay tín chấp",
      "Pinjaman",
      "ချေးငွေ",
      "Зээл",
      "연 9.9%~15.9%",
      "확인필 제2026-123호 (~2027-06-30)",
      "Seoul",
      "https://www.bright-loans.kr/about",
      " ",
      "\n",
      "·",
    ),
    { maxLength: 40 },
  )
  .map((words) => words.join(" "));

describe("the sample values", () => {
  it("come from the seed: the sample identity, site.ts's brand and the seeded products' lenders and approvals", () => {
    const values = samples.map((s) => s.value);
    expect(values).toEqual(
      expect.arrayContaining([
        SAMPLE_IDENTITY.legalNameKo,
        SAMPLE_IDENTITY.representativeKo,
        SAMPLE_IDENTITY.phone,
        SAMPLE_IDENTITY.email,
        SAMPLE_IDENTITY.registrations[0]!.number,
        SAMPLE_LENDERS["savings-bank"]!.names.en!,
        SAMPLE_BRAND.blogs.naver,
        site.counter.salesPhone,
        SAMPLE_TERMS["savings-bank"]!.lender_name as string,
      ]),
    );
    // The registering body and its verify links are real and the same for every broker: never a sample.
    expect(values).not.toContain(SAMPLE_IDENTITY.registrations[0]!.verifyPhone);
    expect(values).not.toContain(SAMPLE_IDENTITY.registrations[0]!.bodyKo);
    expect(samples.find((s) => s.value === SAMPLE_IDENTITY.phone)?.fix).toBe("/admin/business");
  });
});

describe("findSamples", () => {
  it("finds a sample value planted anywhere in a page's text, whatever its case, with an excerpt around it", () => {
    fc.assert(
      fc.property(ownWords, ownWords, fc.constantFrom(...samples), fc.boolean(), (before, after, sample, upper) => {
        const planted = upper ? sample.value.toUpperCase() : sample.value;
        const text = `${before} ${planted} ${after}`;
        const found = findSamples(text, samples, NOW).find((m) => m.value === sample.value);
        expect(found).toBeDefined();
        expect(found!.excerpt.toLowerCase()).toContain(sample.value.toLowerCase());
        expect(found!.excerpt.length).toBeLessThanOrEqual(sample.value.length + 84);
      }),
    );
  });

  it("finds nothing in a page of the business's own", () => {
    fc.assert(
      fc.property(ownWords, (text) => {
        expect(findSamples(text, samples, NOW)).toEqual([]);
      }),
    );
  });

  it("finds the sample marks: [샘플], approval numbers beginning 샘플, example domains and an approval valid more than a year ahead", () => {
    const text =
      "[샘플] 금리 산정 · 확인필 제샘플-Z-9999호 · see https://news.example.net/x, NEWS.example.net. · 심의필 (~2099-12-31) · 확인필 (유효기간 ~2099년 1월 5일) · 심의필 (~2027-06-30) · 2099-12-31";
    expect(findSamples(text, samples, NOW).map((m) => m.value)).toEqual([
      "[샘플]",
      "샘플-Z-9999",
      "news.example.net",
      "~2099-12-31",
      "~2099년 1월 5일",
    ]);
  });

  it("counts a pattern's hit inside a sample value once, as that value", () => {
    expect(findSamples(`Write to ${SAMPLE_IDENTITY.email} today`, samples, NOW).map((m) => m.value)).toEqual([SAMPLE_IDENTITY.email]);
  });
});

describe("pageText", () => {
  it("reads the words and the links' addresses a visitor follows, not scripts or styles", () => {
    const text = pageText(
      `<html><head><title>Hi</title><style>.a{}</style><script>var x="1588-0000"</script></head><body><p>Call&nbsp;<b>1588</b>-0000</p><a href="https://blog.example.com/kloanguide">Blog</a></body></html>`,
    );
    expect(text).toContain("https://blog.example.com/kloanguide");
    expect(text).not.toContain('var x="1588-0000"');
    expect(findSamples(text, samples, NOW).map((m) => m.value)).toContain("https://blog.example.com/kloanguide");
  });
});

describe("groupHits", () => {
  it("makes one finding per value, its pages in order with their languages together, at most PLACES_SHOWN pages", () => {
    const hit = { value: "1588-0000", source: "identity" as const, fix: "/admin/business", excerpt: "call 1588-0000" };
    const hits = ["/", "/a", "/b", "/c", "/d", "/e", "/f", "/g"].flatMap((page) => [
      { ...hit, page, lang: "en" },
      { ...hit, page, lang: "vi" },
    ]);
    const findings = groupHits([...hits, { ...hit, value: "[샘플]", source: "pattern", fix: "", page: "/?policy=notice", lang: "ko" }]);
    expect(findings).toHaveLength(2);
    const [first] = findings;
    expect([first!.area, first!.what, first!.detail, first!.fix, first!.morePlaces]).toEqual([
      "public",
      "golive.publicSample",
      "1588-0000",
      "/admin/business",
      8 - PLACES_SHOWN,
    ]);
    expect(findings[0]!.places).toHaveLength(PLACES_SHOWN);
    expect(findings[0]!.places![0]).toEqual({ page: "/", langs: ["en", "vi"], excerpt: "call 1588-0000" });
    // A mark found only in a legal text is fixed on the legal documents' page.
    expect(findings[1]).toMatchObject({ what: "golive.publicMark", fix: "/admin/legal" });
  });
});
