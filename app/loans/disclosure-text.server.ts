import { serverT } from "#app/i18n/catalog.server.ts";
import { formatAlternatives, formatDay, formatPercent } from "#app/i18n/intl.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { formatRate, formatRateRange } from "#app/loans/rate.ts";
import { statuteIn, statuteKo, type StatuteId } from "#app/loans/statutes.server.ts";
import { lenderList } from "#app/loans/lenders.ts";
import type { LenderTranslations } from "#app/loans/terms.ts";
import type {
  DisclosureApproval,
  DisclosureBroker,
  DisclosurePart,
  DisclosureProduct,
  DisclosureText,
  RateItemsPart,
  RateItemsText,
} from "#app/loans/disclosure.ts";

/**
 * The loan-ad disclosure as finished text (issue 35, ADR 0039; sent so since
 * issue 41, ADR 0045): every line written and formatted here, on the server,
 * in Korean as the law writes it (locales/shared/loans.json) and in the
 * visitor's language. The browser gets strings only: no formatting code and
 * no second ICU, and the block reads the same with or without JavaScript.
 */
type Vars = Record<string, string | number>;

/** 금융소비자 보호에 관한 감독규정 별표 5 제4호 가–다목: every loan ad. */
const CREDIT_WARNINGS: StatuteId[] = ["credit-warning-1", "credit-warning-2", "credit-warning-3"];
/** 대부업법 시행령 별표 1 제2호 가목: with a 대부중개업 registration (one of 1)–4) on 과도한 빚, and 4) on credit). */
const DAEBU_WARNINGS: StatuteId[] = ["daebu-warning-misfortune", "daebu-warning-credit"];

/** `2026-11-01` → `2026년 11월 1일`. */
export function koreanDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${y}년 ${m}월 ${d}일`;
}

/** A percentage-point figure without its % sign (0.1, 0,1 in vi/id), for "약정금리+0.1%p" and its translations. */
const points = (locale: Locale | "ko", bp: number) =>
  formatPercent(locale, bp, bp % 100 === 0 ? 0 : bp % 10 === 0 ? 1 : 2).replace(/\s*%\s*/u, "");

/** One language's lines: Korean or the visitor's. */
function part(
  lang: Locale | "ko",
  say: (key: string, vars?: Vars) => string,
  broker: DisclosureBroker,
  product: DisclosureProduct,
  approval: DisclosureApproval,
): DisclosurePart {
  const ko = lang === "ko";
  const law = (id: StatuteId) => (ko ? statuteKo(id) : statuteIn(id, lang));
  // A day written out as the language writes it, the same form as the banner's date line above the block
  // (formatDay; issue 50, X3): never a second form of one date on one card.
  const day = (d: string) => (lang === "ko" ? koreanDay(d) : formatDay(lang, d));
  const percent = (bp: number) => formatRate(lang, bp);
  const { terms } = product;
  const reg = broker.registration;
  // Korean is the original: a translation only ever stands in the visitor's part.
  const translated = (tr: LenderTranslations) => (ko ? null : tr[lang]?.trim() || null);
  return {
    lang,
    label: say("label"),
    broker: reg
      ? say("broker", {
          legalName: ko ? broker.legalNameKo : broker.legalNameEn,
          number: reg.number,
          body: ko ? reg.bodyKo : reg.bodyEn,
          url: reg.verifyUrl.replace(/^https:\/\//, ""),
          phone: reg.verifyPhone,
        })
      : null,
    daebu: broker.daebu
      ? say("daebu", {
          number: broker.daebu.number,
          body: ko ? broker.daebu.bodyKo : broker.daebu.bodyEn,
          phone: broker.daebu.verifyPhone,
          address: ko ? broker.addressKo : broker.addressEn,
          officePhone: broker.phone,
        })
      : null,
    // The lenders as every other text before a request names them (lenderList: the Burmese mark in Burmese).
    lenders: say("lenders", { lenders: ko ? broker.lenders.join("·") : lenderList(broker.lenders, lang) }),
    fee: say("fee"),
    product: say("product", { lender: terms.lenderName, official: terms.officialName, name: product.name }),
    // The lender's own words: in the visitor's language when the lender approved a translation, else Korean with a note (review N15).
    rate: say(translated(terms.rateBasisTr) ? "rateTranslated" : "rate", {
      range: formatRateRange(lang, product.rateMinBp, product.rateMaxBp),
      date: day(product.rateDate),
      kind: say(`kind.${terms.rateKind}`),
      basis: translated(terms.rateBasisTr) ?? terms.rateBasis,
    }),
    overdue: say("overdue", { points: points(lang, terms.overdueAddBp) }),
    timing: say("timing", { timing: say(`timingKind.${terms.interestTiming}`) }),
    // The methods are alternatives, and a method's name may hold a comma of its own: joined as the language
    // joins alternatives ("A or B"), never with a bare comma (issue 50, X2); Korean as the law's texts write it.
    methods: say("methods", {
      methods: ko
        ? product.methods.map((m) => say(`method.${m}`)).join("·")
        : formatAlternatives(
            lang,
            product.methods.map((m) => say(`method.${m}`)),
          ),
    }),
    costs: say("costs", {
      handling: terms.handlingFeeBp ? say("handling", { fee: percent(terms.handlingFeeBp) }) : say("none"),
      prepay: terms.prepayFeeBp ? say("prepay", { fee: percent(terms.prepayFeeBp), count: terms.prepayMonths }) : say("none"),
      stamp: say(`stamp.${terms.stampDuty}`),
    }),
    credit: translated(terms.creditStandardTr)
      ? say("creditTranslated", { standard: translated(terms.creditStandardTr)! })
      : say("credit", { standard: terms.creditStandard }),
    // The law's sentences from the statute folder (issue 48 item 4), never a catalog's copy.
    warnings: CREDIT_WARNINGS.map(law),
    daebuWarnings: broker.daebu ? DAEBU_WARNINGS.map(law) : [],
    read: say("read"),
    right: say("right"),
    approval: say("approval", {
      lender: terms.lenderName,
      confirm: approval.confirmNo,
      confirmUntil: day(approval.confirmUntil),
      reviewer: say(`reviewer.${broker.reviewerRole}`),
      review: approval.reviewNo,
      reviewUntil: day(approval.reviewUntil),
    }),
  };
}

/**
 * The 상호 and the 대부중개업 registration number, in Korean, that a
 * 대부중개업자 puts at the top left of every ad and on its home page's first
 * screen (대부업법 시행령 별표 1 제1호; ADR 0051); null without that registration.
 */
export function daebuMarkText(locale: Locale, broker: Pick<DisclosureBroker, "legalNameKo" | "daebu">): string | null {
  return broker.daebu ? serverT(locale, "loans.ko.mark", { legalName: broker.legalNameKo, number: broker.daebu.number }) : null;
}

/** The whole block for one ad: the product under the ad's approvals (a banner's, the popup's, else the product's own). */
export function disclosureText(
  locale: Locale,
  broker: DisclosureBroker,
  product: DisclosureProduct,
  approval: DisclosureApproval,
): DisclosureText {
  return {
    product: product.key,
    mark: daebuMarkText(locale, broker),
    parts: [
      part("ko", (k, v) => serverT(locale, `loans.ko.${k}`, v), broker, product, approval),
      part(locale, (k, v) => serverT(locale, `loans.disclosure.${k}`, v), broker, product, approval),
    ],
  };
}

/**
 * The finished disclosure of one ad for a live product (ADR 0045): under the
 * ad's own approvals (a banner's, the popup's), else the product's. Null when
 * the product is not live. `ads` is what the products feature's `loanAds` reads.
 */
export function adDisclosure(
  ads: { broker: DisclosureBroker; products: Record<string, DisclosureProduct & { approval: DisclosureApproval }> },
  locale: Locale,
  key: string,
  approval?: DisclosureApproval,
): DisclosureText | null {
  const product = ads.products[key];
  return product ? disclosureText(locale, ads.broker, product, approval ?? product.approval) : null;
}

/**
 * The 대부업법 제9조③ items beside a sentence that states the live products'
 * rates (ADR 0056): null without a 대부중개업 registration (then the 금소법
 * rules of the ad blocks are the whole of it) or while nothing is live. The
 * lines are the ad block's own, so each reads as on the product's card.
 */
export function rateItems(
  ads: { broker: DisclosureBroker; products: Record<string, DisclosureProduct & { approval: DisclosureApproval }> },
  locale: Locale,
): RateItemsText | null {
  const mark = daebuMarkText(locale, ads.broker);
  const blocks = Object.keys(ads.products).map((key) => adDisclosure(ads, locale, key)!);
  if (!mark || blocks.length === 0) return null;
  const itemsPart = (i: 0 | 1, say: (key: string) => string): RateItemsPart => {
    const first = blocks[0]!.parts[i];
    return {
      lang: first.lang,
      label: say("rateItems"),
      broker: first.broker,
      daebu: first.daebu!,
      fee: first.fee,
      products: blocks.map(({ parts }) => ({
        product: parts[i].product,
        rate: parts[i].rate,
        overdue: parts[i].overdue,
        costs: parts[i].costs,
      })),
      daebuWarnings: first.daebuWarnings,
    };
  };
  return {
    mark,
    parts: [itemsPart(0, (k) => serverT(locale, `loans.ko.${k}`)), itemsPart(1, (k) => serverT(locale, `loans.disclosure.${k}`))],
  };
}
