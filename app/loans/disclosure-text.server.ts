import { serverT } from "#app/i18n/catalog.server.ts";
import { formatPercent, numericDay } from "#app/i18n/intl.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { formatRate, formatRateRange } from "#app/loans/rate.ts";
import type { LenderTranslations } from "#app/loans/terms.ts";
import type { DisclosureApproval, DisclosureBroker, DisclosurePart, DisclosureProduct, DisclosureText } from "#app/loans/disclosure.ts";

/**
 * The loan-ad disclosure as finished text (issue 35, ADR 0039; sent so since
 * issue 41, ADR 0045): every line written and formatted here, on the server,
 * in Korean as the law writes it (locales/shared/loans.json) and in the
 * visitor's language. The browser gets strings only: no formatting code and
 * no second ICU, and the block reads the same with or without JavaScript.
 */
type Vars = Record<string, string | number>;

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
  // A day in figures in every language but Korean (as the block has always read).
  const day = (d: string) => (ko ? koreanDay(d) : numericDay(d));
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
    lenders: say("lenders", { lenders: broker.lenders.join(ko ? "·" : ", ") }),
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
    methods: say("methods", { methods: product.methods.map((m) => say(`method.${m}`)).join(ko ? "·" : ", ") }),
    costs: say("costs", {
      handling: terms.handlingFeeBp ? say("handling", { fee: percent(terms.handlingFeeBp) }) : say("none"),
      prepay: terms.prepayFeeBp ? say("prepay", { fee: percent(terms.prepayFeeBp), count: terms.prepayMonths }) : say("none"),
      stamp: say(`stamp.${terms.stampDuty}`),
    }),
    credit: translated(terms.creditStandardTr)
      ? say("creditTranslated", { standard: translated(terms.creditStandardTr)! })
      : say("credit", { standard: terms.creditStandard }),
    warnings: [say("warn1"), say("warn2"), say("warn3")],
    daebuWarnings: broker.daebu ? [say("daebuWarn1"), say("daebuWarn2")] : [],
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

/** The whole block for one ad: the product under the ad's approvals (a banner's, the popup's, else the product's own). */
export function disclosureText(
  locale: Locale,
  broker: DisclosureBroker,
  product: DisclosureProduct,
  approval: DisclosureApproval,
): DisclosureText {
  return {
    product: product.key,
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
