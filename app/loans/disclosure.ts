import { brokerRegistration, daebuRegistration, type BusinessIdentity, type Registration } from "#app/business/identity.ts";
import type { LoanTerms } from "#app/loans/terms.ts";
import { DEFAULT_REVIEWER_ROLE, type ReviewerRole } from "#app/business/ad-review.ts";

/**
 * What the loan-ad disclosure shows (issue 35, ADR 0039): the broker, from
 * the business's identity, and one product's ad, from the product's data and
 * the approvals of the ad it stands under (a banner's, the popup's or the
 * product's own). One shape for every surface that shows a rate, so a
 * product or banner an operator adds is covered without code. Pure and
 * client-safe.
 */
export interface DisclosureBroker {
  legalNameKo: string;
  legalNameEn: string;
  /** The firm's 금소법 registration (대출성 금융상품 판매대리·중개업). */
  registration: Registration | null;
  /** A 대부중개업 registration, when held: the 대부업법 제9조 items switch on. */
  daebu: Registration | null;
  /** With `daebu`: the office's address and the registered phone (시행령 제6조③1). */
  addressKo: string;
  addressEn: string;
  phone: string;
  /** The lenders' legal names it brokers for (every live product's), in display order. */
  lenders: string[];
  /** Who reviewed the ads (시행령 제19조②): the "… 심의필" line names this role (a business setting). */
  reviewerRole: ReviewerRole;
}

export interface DisclosureProduct {
  /** The product's key: its page on the broker's site is /our-products/loan?product=<key>. */
  key: string;
  /** The product's name in the visitor's language (the site's own). */
  name: string;
  /** Hundredths of a percent a year. */
  rateMinBp: number;
  rateMaxBp: number;
  /** YYYY-MM-DD (Korea): the rate's "as of" day. */
  rateDate: string;
  /** Repayment methods: annuity, principal, bullet. */
  methods: readonly string[];
  terms: LoanTerms;
}

/** The ad's own approvals: a banner's or the popup's, or the product's where the product itself is shown. */
export interface DisclosureApproval {
  confirmNo: string;
  confirmUntil: string;
  reviewNo: string;
  reviewUntil: string;
}

export function disclosureBroker(
  identity: BusinessIdentity,
  lenders: readonly string[],
  reviewerRole: ReviewerRole = DEFAULT_REVIEWER_ROLE,
): DisclosureBroker {
  return {
    legalNameKo: identity.legalNameKo,
    legalNameEn: identity.legalNameEn,
    registration: brokerRegistration(identity) ?? null,
    daebu: daebuRegistration(identity) ?? null,
    addressKo: identity.addressKo,
    addressEn: identity.addressEn,
    phone: identity.phone,
    lenders: [...new Set(lenders.filter(Boolean))],
    reviewerRole,
  };
}

/** The broker's page for a product: where a banner links, and where the block is followed by the way to the lender. */
export const productPageHref = (key: string) => `/our-products/loan?product=${encodeURIComponent(key)}`;

/** One language's lines of the disclosure, finished on the server (app/loans/disclosure-text.server.ts). */
export interface DisclosurePart {
  /** `ko`, or the visitor's language. */
  lang: string;
  label: string;
  broker: string | null;
  /** With a 대부중개업 registration only. */
  daebu: string | null;
  lenders: string;
  fee: string;
  product: string;
  rate: string;
  overdue: string;
  /** 이자 부과시기 (감독규정 제17조①4다2). */
  timing: string;
  methods: string;
  costs: string;
  credit: string;
  warnings: string[];
  /** With a 대부중개업 registration only (else empty). */
  daebuWarnings: string[];
  read: string;
  right: string;
  approval: string;
}

/** The disclosure block of one ad as text: Korean first, then the visitor's language (ADR 0045). */
export interface DisclosureText {
  /** The product's key. */
  product: string;
  /**
   * With a 대부중개업 registration only: the 상호 and that registration's
   * number, in Korean, for the ad's top left (대부업법 시행령 별표 1 제1호 가목;
   * DaebuMark). Null without one.
   */
  mark: string | null;
  parts: [DisclosurePart, DisclosurePart];
}

/** One live product's 대부업법 제9조③ items, beside a statement of the rates "we" broker. */
export interface RateItemsProduct {
  product: string;
  rate: string;
  overdue: string;
  costs: string;
}

/** One language's part of `RateItemsText`. */
export interface RateItemsPart {
  lang: string;
  label: string;
  /** The broker's name and 금소법 registration (null without one), as in the ad block. */
  broker: string | null;
  daebu: string;
  fee: string;
  products: RateItemsProduct[];
  daebuWarnings: string[];
}

/**
 * With a 대부중개업 registration, a sentence stating the live products' rates
 * ("our partners lend at 13 % to 19.9 % a year", in the FAQ, the glossary,
 * the loan guide, the calculator and the notice) is a 대부중개 ad: 대부업법
 * 제9조③ wants its items beside it — the 상호 and number, the fee sentence,
 * each product's rate, overdue rate, costs and prepayment terms, and the
 * 별표 1 warnings (issue 48 item 1b, ADR 0056). Korean first, then the visitor's language.
 */
export interface RateItemsText {
  mark: string;
  parts: [RateItemsPart, RateItemsPart];
}
