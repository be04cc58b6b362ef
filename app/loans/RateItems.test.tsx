import { describe, expect, it } from "vitest";
import { DAEBU_REGISTRATION, SAMPLE_AD_PRODUCT } from "#tests/support/loan-ad-fixtures.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { LOCALES } from "#app/i18n/locales.ts";
import { SAMPLE_IDENTITY, type Registration } from "#app/business/identity.ts";
import { disclosureBroker } from "#app/loans/disclosure.ts";
import { rateItems } from "#app/loans/disclosure-text.server.ts";
import { statuteKo } from "#app/loans/statutes.server.ts";
import { RateItems } from "#app/loans/RateItems.tsx";

/**
 * The 대부업법 제9조③ items beside a sentence stating the live products'
 * rates (issue 48 item 1b, ADR 0056): only with a 대부중개업 registration,
 * each live product's rate, overdue rate and costs, the fee sentence and the
 * 별표 1 warnings, Korean first and then the visitor's language.
 */
const product = (key: string, lenderName: string, rateMinBp: number, rateMaxBp: number) => ({
  ...SAMPLE_AD_PRODUCT,
  key,
  name: key,
  rateMinBp,
  rateMaxBp,
  terms: { ...SAMPLE_AD_PRODUCT.terms, lenderName, officialName: `${key} 신용대출`, overdueAddBp: 300, prepayFeeBp: 120 },
  approval: { confirmNo: "1", confirmUntil: "2027-01-31", reviewNo: "2", reviewUntil: "2027-02-28" },
});
const PRODUCTS = {
  a: product("a", "주식회사 샘플A은행", 1300, 1990),
  b: product("b", "샘플대부 주식회사", 1500, 1990),
};
const DAEBU = DAEBU_REGISTRATION;
const ads = (registrations: Registration[], products: Record<string, ReturnType<typeof product>> = PRODUCTS) => ({
  broker: disclosureBroker({ ...SAMPLE_IDENTITY, legalNameKo: "샘플대부중개 주식회사", registrations }, [
    "주식회사 샘플A은행",
    "샘플대부 주식회사",
  ]),
  products,
});

describe("rateItems", () => {
  it("is null without a 대부중개업 registration, and while nothing is live", () => {
    expect(rateItems(ads([]), "en")).toBeNull();
    expect(rateItems(ads([DAEBU], {}), "en")).toBeNull();
  });

  it.each(LOCALES)("lists every live product's 제9조③ items with the mark and the 별표 1 warnings (%s)", (locale) => {
    const items = rateItems(ads([DAEBU]), locale)!;
    expect(items.mark).toBe("샘플대부중개 주식회사 · 대부중개업 등록번호 제2026-서울중구-0001호");
    const [ko, visitor] = items.parts;
    expect(ko.lang).toBe("ko");
    expect(visitor.lang).toBe(locale);
    for (const part of items.parts) {
      expect(part.products).toHaveLength(2);
      expect(part.daebu).toContain("2026-서울중구-0001");
      expect(part.daebuWarnings).toHaveLength(2);
    }
    expect(ko.products.map((p) => p.rate)).toEqual([expect.stringContaining("금리 연 13"), expect.stringContaining("금리 연 15")]);
    expect(ko.products[0]!.overdue).toBe("연체이자율 약정금리+3%p (최고 연 20%)");
    expect(ko.products[0]!.costs).toContain("중도상환수수료");
    expect(ko.fee).toBe("중개수수료를 요구하거나 받는 것은 불법입니다.");
    expect(ko.daebuWarnings).toEqual([statuteKo("daebu-warning-misfortune"), statuteKo("daebu-warning-credit")]);

    const html = renderToStaticMarkup(<RateItems items={items} />);
    expect(html).toContain('data-testid="rate-items"');
    expect(html.indexOf("data-daebu-mark")).toBeLessThan(html.indexOf('data-part="ko"'));
    expect(html).toContain(`lang="${locale}"`);
  });

  it("renders nothing without items", () => {
    expect(renderToStaticMarkup(<RateItems items={null} />)).toBe("");
  });
});
