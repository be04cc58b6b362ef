import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DAEBU_REGISTRATION, SAMPLE_AD_PRODUCT } from "#tests/support/loan-ad-fixtures.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { SAMPLE_IDENTITY, type Registration } from "#app/business/identity.ts";
import { Disclosure } from "#app/loans/Disclosure.tsx";
import { disclosureBroker, type DisclosureProduct } from "#app/loans/disclosure.ts";
import { disclosureText } from "#app/loans/disclosure-text.server.ts";

/**
 * The disclosure's content switches with the identity (issue 35, ADR 0039):
 * the items that bind only a 대부중개업자 appear when, and only when, the
 * business records a 대부중개업 registration; the values are the product's.
 * The lines are written on the server (ADR 0045); the component renders them.
 */
const PRODUCT = SAMPLE_AD_PRODUCT;
const APPROVAL = { confirmNo: "2026-1", confirmUntil: "2027-01-31", reviewNo: "2026-2", reviewUntil: "2027-02-28" };
const DAEBU = DAEBU_REGISTRATION;

function render(registrations: Registration[]): string {
  const broker = disclosureBroker({ ...SAMPLE_IDENTITY, registrations }, [
    "주식회사 샘플A은행",
    "주식회사 샘플A은행",
    "주식회사 샘플저축은행",
  ]);
  return renderToStaticMarkup(<Disclosure text={disclosureText("en", broker, PRODUCT, APPROVAL)} />);
}

describe("<Disclosure>", () => {
  it("shows the law's items in Korean with the product's values, then in the visitor's language", () => {
    const html = render(SAMPLE_IDENTITY.registrations);
    expect(html).toContain('lang="ko"');
    expect(html).toContain("샘플중개 주식회사 · 대출성 금융상품 판매대리·중개업자 · 등록번호 제2023-00000호");
    expect(html).toContain("주식회사 샘플A은행·주식회사 샘플저축은행의 대출상품 중개(비전속)");
    expect(html).toContain("금리 연 13%~19.9% (2026년 11월 1일 기준, 고정금리, 산정방법: 금융채 금리 + 가산금리)");
    expect(html).toContain(
      "취급수수료 없음 · 중도상환수수료 중도상환금액의 1% (대출일부터 36개월 이내 상환 시) · 인지세 고객·금융회사 50%씩 부담",
    );
    expect(html).toContain(
      "주식회사 샘플A은행 확인필 제2026-1호 (유효기간 ~2027년 1월 31일) · 준법감시인 심의필 제2026-2호 (유효기간 ~2027년 2월 28일)",
    );
    expect(html).toContain('lang="en"');
    // Days written out as the language writes them, the form of the banner's date line above the block (issue 50, X3).
    expect(html).toContain("Interest rate: 13%–19.9% a year as of November 1, 2026, fixed rate.");
    expect(html).toContain("This ad was checked by the lender: 주식회사 샘플A은행, no. 2026-1 (valid until January 31, 2027).");
    expect(html).not.toContain("data-daebu");
    expect(html).not.toContain("대부중개업 등록번호");
  });

  it("adds the 대부중개업 items when the business records that registration", () => {
    const html = render([...SAMPLE_IDENTITY.registrations, DAEBU]);
    expect(html).toContain("대부중개업 등록번호 제2026-서울중구-0001호 (등록기관 서울특별시 중구청, 등록 조회 ☎02-3145-5000)");
    expect(html).toContain("영업소 서울특별시 중구 샘플로 12 (04524) · 전화 1588-0000");
    expect(html).toContain("과도한 빚은 당신에게 큰 불행을 안겨 줄 수 있습니다.");
    expect(html).toContain("대출 시 귀하의 신용등급 또는 개인신용평점이 하락할 수 있습니다.");
    expect(html).toContain("Excessive debt can bring you great misfortune.");
  });
});

/**
 * Issue 50 (review X2): a product with two repayment methods reads as two in
 * every language. The methods are alternatives joined as the language joins
 * them ("A or B"), and no method's name holds a comma or list mark of its own,
 * so a reader cannot take one for two, or two for four.
 */
describe("<Disclosure> with two repayment methods", () => {
  const TWO: DisclosureProduct = { ...PRODUCT, methods: ["annuity", "bullet"] };
  const broker = disclosureBroker(SAMPLE_IDENTITY, ["주식회사 샘플A은행"]);
  const catalog = (lang: string) =>
    JSON.parse(readFileSync(new URL(`../../locales/${lang}/loans.json`, import.meta.url), "utf8")) as {
      disclosure: { methods: string; method: Record<string, string> };
    };
  const decode = (html: string) =>
    html
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");

  it.each(LOCALES)("lists exactly two methods, each whole, in %s", (lang) => {
    const html = renderToStaticMarkup(<Disclosure text={disclosureText(lang, broker, TWO, APPROVAL)} />);
    const visitor = html.slice(html.indexOf('data-part="visitor"'));
    const lines = [...visitor.matchAll(/<p[^>]*>([^<]*)<\/p>/g)].map((m) => decode(m[1] ?? ""));
    const { methods: frame, method } = catalog(lang).disclosure;
    const [before = "", after = ""] = frame.split("{methods}");
    const line = lines.find((l) => l.startsWith(before) && l.endsWith(after) && l !== before + after);
    expect(line, `the methods line in ${lang}`).toBeDefined();
    const list = line!.slice(before.length, line!.length - after.length);
    const names = [method.annuity!, method.bullet!];
    // Each name once, whole; between them only the language's word for "or", and nothing around them.
    for (const name of names) expect(list.split(name)).toHaveLength(2);
    expect(list.startsWith(names[0]!)).toBe(true);
    expect(list.endsWith(names[1]!)).toBe(true);
    const between = list.slice(names[0]!.length, list.length - names[1]!.length);
    expect(between).toMatch(/^ (or|hoặc|atau|သို့မဟုတ်|эсвэл) $/u);
    // No name can be read as two: none holds a list mark of its own (the review's Mongolian read as four).
    for (const name of Object.values(method)) expect(name).not.toMatch(/[,;၊、]/u);
  });

  it("names the lenders with the language's own list mark, as the texts before a request do (lenderList)", () => {
    const two = disclosureBroker(SAMPLE_IDENTITY, ["주식회사 샘플A은행", "주식회사 샘플저축은행"]);
    const html = renderToStaticMarkup(<Disclosure text={disclosureText("my", two, TWO, APPROVAL)} />);
    expect(html).toContain("ကျွန်ုပ်တို့သည် 주식회사 샘플A은행၊ 주식회사 샘플저축은행 ၏ ချေးငွေများအတွက်");
    expect(html).toContain("주식회사 샘플A은행·주식회사 샘플저축은행의 대출상품 중개");
  });

  it("keeps the Korean list as the law's texts write it", () => {
    const html = renderToStaticMarkup(<Disclosure text={disclosureText("vi", broker, TWO, APPROVAL)} />);
    expect(html).toContain("상환방법 원리금균등분할상환·만기일시상환");
  });
});
