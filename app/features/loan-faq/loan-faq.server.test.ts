import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { activeCategory, loanFaqFor, loanFaqWithFigures } from "#app/features/loan-faq/loan-faq.server.ts";
import { rangeVars, type ProductRanges } from "#app/loans/ranges.ts";
import { faqPageJsonLd, scriptJson } from "#app/features/loan-faq/json-ld.ts";

/**
 * Spec §9 "Loan FAQ figures" must be in the answers in every language. Digit
 * grouping and decimal marks differ (vi/id write 1.000.000 and 13,00%), so the
 * text is normalised before it is searched. The amounts and rates are the
 * live products' (issue 47): here those of products spanning the spec's.
 */
function normalise(text: string): string {
  return text.replace(/(\d)[.,\u00a0\u202f ](?=\d{3}(?!\d))/g, "$1").replace(/(\d),(\d)/g, "$1.$2");
}

/** The spec's figures as live products would give them: 1,000,000–50,000,000 KRW, 13.00–19.90 %, 6–60 months. */
const SPEC_RANGES: ProductRanges = {
  amount: { min: 1_000_000, max: 50_000_000 },
  rateBp: { min: 1300, max: 1990 },
  term: { min: 6, max: 60 },
};

const categoryText = (locale: Locale, id: string) => {
  const faq = loanFaqWithFigures(loanFaqFor(locale), rangeVars(locale, SPEC_RANGES));
  const category = faq.categories.find((c) => c.id === id);
  return normalise((category?.items ?? []).map((i) => `${i.q}\n${i.a}`).join("\n"));
};

const VISAS = ["E-1", "E-2", "E-3", "E-7", "E-9", "F-2", "F-5", "F-6", "F-4"];

/** The facts that are words, as each translator wrote them. */
const PHRASES: Record<Locale, Record<string, string[]>> = {
  en: {
    sameEmployer: ["between 1 and 12 months"],
    residence: ["At least 6 months"],
    employees: ["standard employment contract", "Self-employed people are not eligible"],
    noFee: ["We never charge a brokerage fee"],
    notExtendable: ["This loan cannot be extended"],
    cancellation: [
      "within 14 days",
      "in writing, by e-mail, by mobile text message or in a similar way",
      "such as stamp duty (인지세)",
      "서면·전자우편·휴대전화 문자메시지 등으로",
      "cannot be undone",
    ],
  },
  vi: {
    sameEmployer: ["từ 1 đến 12 tháng"],
    residence: ["ít nhất 6 tháng"],
    employees: ["hợp đồng lao động tiêu chuẩn", "Người tự kinh doanh không đủ điều kiện"],
    noFee: ["không thu phí môi giới"],
    notExtendable: ["Khoản vay này không thể gia hạn"],
    cancellation: [
      "trong vòng 14 ngày",
      "bằng văn bản, thư điện tử, tin nhắn điện thoại di động hoặc cách tương tự",
      "như thuế tem (인지세)",
      "서면·전자우편·휴대전화 문자메시지 등으로",
      "không thể khôi phục lại việc hủy",
    ],
  },
  id: {
    sameEmployer: ["1 sampai 12 bulan"],
    residence: ["minimal 6 bulan"],
    employees: ["kontrak kerja standar", "Wiraswasta tidak memenuhi syarat"],
    noFee: ["tidak memungut biaya perantara"],
    notExtendable: ["Pinjaman ini tidak dapat diperpanjang"],
    cancellation: [
      "dalam 14 hari sejak",
      "secara tertulis, melalui e-mail, SMS ponsel, atau cara serupa",
      "seperti bea meterai (인지세)",
      "서면·전자우편·휴대전화 문자메시지 등으로",
      "pembatalan tidak dapat ditarik kembali",
    ],
  },
  my: {
    sameEmployer: ["1 လမှ 12 လ"],
    residence: ["အနည်းဆုံး 6 လ"],
    employees: ["စံအလုပ်ခန့်စာချုပ်", "ကိုယ်ပိုင်လုပ်ငန်းရှင်တွေ လျှောက်ထားခွင့် မရှိပါဘူး"],
    noFee: ["အကျိုးဆောင်ခ လုံးဝ မယူပါဘူး"],
    notExtendable: ["ဒီချေးငွေကို သက်တမ်းတိုးလို့ မရပါဘူး"],
    cancellation: [
      "14 ရက်အတွင်း",
      "စာဖြင့်၊ အီးမေးလ်ဖြင့်၊ မိုဘိုင်းဖုန်း စာတိုဖြင့် သို့မဟုတ် အလားတူနည်းဖြင့်",
      "တံဆိပ်ခေါင်းခွန် (인지세)",
      "서면·전자우편·휴대전화 문자메시지 등으로",
      "ရုပ်သိမ်းမှုကို ပြန်ပြောင်းလို့ မရပါဘူး",
    ],
  },
  mn: {
    sameEmployer: ["1-ээс 12 сар"],
    residence: ["дор хаяж 6 сар"],
    employees: ["стандарт хөдөлмөрийн гэрээ", "Хувиараа хөдөлмөр эрхлэгчид хамрагдахгүй"],
    noFee: ["зуучлалын шимтгэл авдаггүй"],
    notExtendable: ["Энэ зээлийг сунгах боломжгүй"],
    cancellation: [
      "14 хоногийн дотор",
      "бичгээр, цахим шуудангаар, гар утасны мессежээр эсвэл үүнтэй адил аргаар",
      "тэмдэгтийн хураамж (인지세)",
      "서면·전자우편·휴대전화 문자메시지 등으로",
      "цуцлалтыг буцаах боломжгүй",
    ],
  },
};

/** Where each fact is expected (category ids). */
const WHERE: Record<string, string> = {
  sameEmployer: "eligibility",
  residence: "eligibility",
  employees: "faq",
  noFee: "faq",
  notExtendable: "repayment",
  cancellation: "repayment",
};

describe("Loan FAQ content (spec §2, §9)", () => {
  it.each(LOCALES)("%s has the six categories in the spec's order", (locale) => {
    const ids = loanFaqFor(locale).categories.map((c) => c.id);
    expect(ids).toEqual(["faq", "eligibility", "process", "interest", "documents", "repayment"]);
    for (const category of loanFaqFor(locale).categories) {
      expect(category.label.trim()).not.toBe("");
      expect(category.items.length).toBeGreaterThan(0);
    }
  });

  it("keeps the English category labels of spec §2", () => {
    expect(loanFaqFor("en").categories.map((c) => c.label)).toEqual([
      "Frequently Asked Questions",
      "Loan Eligibility Requirements",
      "Loan Application Process and Timeline",
      "Interest Rates",
      "Required Documents",
      "Loan Repayment",
    ]);
  });

  describe.each(LOCALES)("%s carries every §9 figure", (locale) => {
    it("amount 1 million to 50 million KRW", () => {
      expect(categoryText(locale, "faq")).toMatch(/1000000\D[^\n]*50000000 KRW/);
    });
    it("interest 13% to 19.9% a year", () => {
      const text = categoryText(locale, "interest");
      expect(text).toContain("13%");
      expect(text).toContain("19.9%");
    });
    it("the nine eligible visas", () => {
      const text = categoryText(locale, "eligibility");
      for (const visa of VISAS) expect(text).toMatch(new RegExp(`(?<![\\w-])${visa}(?!\\d)`));
    });
    it("annual income at least 20,000,000 KRW", () => {
      expect(categoryText(locale, "eligibility")).toContain("20000000 KRW");
    });
    it.each(Object.keys(WHERE))("%s", (fact) => {
      const text = categoryText(locale, WHERE[fact]!);
      for (const phrase of PHRASES[locale][fact]!) expect(text).toContain(normalise(phrase));
    });
  });

  it("names no product and states no figure of its own: the products' figures go where its {figures} marks are", () => {
    const english = loanFaqFor("en").categories.flatMap((c) => c.items);
    for (const locale of LOCALES) {
      const items = loanFaqFor(locale).categories.flatMap((c) => c.items);
      items.forEach((item, i) => {
        const where = `${locale} ${item.q}`;
        expect(item.a, where).not.toMatch(/13[.,]00|19[.,]9|50[.,]000[.,]000|1[.,]000[.,]000\D|regional bank|savings bank/i);
        expect(item.a.includes("{figures}"), where).toBe(!!item.figures);
        // The same figures in every language, and only those: a translation cannot drop or add one.
        const names = (text = "") => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(names(item.figures), where).toEqual(names(english[i]!.figures));
      });
    }
  });

  it.each(LOCALES)("%s: with no product live, no answer states a figure or keeps a mark", (locale) => {
    const faq = loanFaqWithFigures(loanFaqFor(locale), null);
    for (const item of faq.categories.flatMap((c) => c.items)) {
      expect(item.a).not.toContain("{");
      expect(item.a).not.toMatch(/^\s|\s$|\s\n|\n\s| {2}/);
      expect(item).not.toHaveProperty("figures");
    }
  });

  it.each(LOCALES)("%s: only the answer that states the rates is marked for the 대부업법 items beside it (ADR 0056)", (locale) => {
    const marked = (ranges: typeof SPEC_RANGES | null) =>
      loanFaqWithFigures(loanFaqFor(locale), ranges && rangeVars(locale, ranges))
        .categories.flatMap((c) => c.items.map((item, i) => (item.statesRates ? `${c.id}-${i}` : null)))
        .filter(Boolean);
    expect(marked(SPEC_RANGES)).toEqual(["interest-0"]);
    expect(marked(null)).toEqual([]);
  });

  it("normalises digit grouping and decimal commas", () => {
    expect(normalise("1.000.000 – 50,000,000 KRW, 13,00% – 19,9%")).toBe("1000000 – 50000000 KRW, 13.00% – 19.9%");
    expect(normalise("E-1, E-2 and 12 months")).toBe("E-1, E-2 and 12 months");
  });
});

describe("activeCategory (?category= of the no-script chips)", () => {
  const faq = loanFaqFor("en");
  it("takes a known category and falls back to the first", () => {
    expect(activeCategory(faq, new URL("http://x/?category=interest"))).toBe("interest");
    expect(activeCategory(faq, new URL("http://x/?category=nope"))).toBe("faq");
    expect(activeCategory(faq, new URL("http://x/"))).toBe("faq");
  });
});

describe("FAQPage JSON-LD", () => {
  it("lists each question with its answer", () => {
    const category = loanFaqFor("en").categories[3]!;
    const data = faqPageJsonLd(category, "en");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(category.items.length);
    expect(data.mainEntity[0]).toEqual({
      "@type": "Question",
      name: category.items[0]!.q,
      acceptedAnswer: { "@type": "Answer", text: category.items[0]!.a },
    });
  });
  it("cannot close its script element", () => {
    const json = scriptJson({ text: "</script><script>alert(1)</script><!--" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script><!--" });
  });
});
