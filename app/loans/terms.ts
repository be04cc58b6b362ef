import { LEGAL_MAX_RATE_BP } from "#app/loans/rate.ts";
import type { Locale } from "#app/i18n/locales.ts";

/**
 * What a loan ad must state about the product besides its rate (issue 35,
 * ADR 0039; 금소법 제22조③, 시행령 제18조①; 대부업법 제9조③): who lends and
 * the product's official name, fixed or variable and how the rate is set,
 * the overdue rate, the fees and costs, and the credit standard. Kept as
 * structured values wherever the site renders them in every language from
 * its catalogs; the lender's own Korean words (the rate's basis, the credit
 * standard) are shown as the lender wrote them. Pure and client-safe.
 */
export const RATE_KINDS = ["fixed", "variable"] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** Who bears the 인지세 (stamp duty on the loan contract): none is due, borrower and lender half each, the lender all. */
export const STAMP_DUTY = ["none", "half", "lender"] as const;
export type StampDuty = (typeof STAMP_DUTY)[number];

/**
 * 이자 부과시기 (감독규정 제17조①4다2; review N7): when the lender charges interest — every month on
 * the agreed payment day, or once at the loan's end. Shown from the catalogs in every language.
 */
export const INTEREST_TIMINGS = ["monthly", "maturity"] as const;
export type InterestTiming = (typeof INTEREST_TIMINGS)[number];

/** The lender's own words in the visitor's language, as the lender approved them (review N15); a language without one shows the Korean, with a note. */
export type LenderTranslations = Partial<Record<Locale, string>>;

/** 금소법 제20조①4나: no 중도상환수수료 after three years from the loan. */
export const PREPAY_FEE_MONTHS_MAX = 36;

export interface LoanTerms {
  /** The lender's legal name, in Korean as registered (주식회사 ○○은행). */
  lenderName: string;
  /** The product's official name, as the lender names it. */
  officialName: string;
  rateKind: RateKind;
  /** How the rate is set, in the lender's words (기준금리 + 가산금리 …). */
  rateBasis: string;
  /** The same, in a translation the lender approved, per language (none: the Korean shows, with a note). */
  rateBasisTr: LenderTranslations;
  /** 연체이자율 = 약정금리 + this, in hundredths of a percentage point; the sum never above 20 %. */
  overdueAddBp: number;
  /** 취급수수료, hundredths of a percent of the amount; 0: none. */
  handlingFeeBp: number;
  /** 중도상환수수료, hundredths of a percent of the amount repaid early; 0: none. */
  prepayFeeBp: number;
  /** Months from the loan during which the prepayment fee applies (at most 36). */
  prepayMonths: number;
  stampDuty: StampDuty;
  /** The credit standard in the lender's words (Korean, shown as such). */
  creditStandard: string;
  /** The same, in a translation the lender approved, per language. */
  creditStandardTr: LenderTranslations;
  interestTiming: InterestTiming;
}

/**
 * The overdue addition (연체가산이자율) is at most 3 percentage points a year: 「대부업법 시행령에
 * 따른 연체이자율에 관한 규정」 제3조① fixes it at 연 100분의 3 for 대부업자 and 여신금융기관
 * (review N5; the glossary already says "at most 3 percentage points").
 */
export const OVERDUE_ADD_MAX_BP = 300;
export const overdueAddAllowed = (overdueAddBp: number) => overdueAddBp >= 0 && overdueAddBp <= OVERDUE_ADD_MAX_BP;

/** The overdue rate stays within the legal maximum even at the product's highest rate. */
export const overdueWithinCap = (rateMaxBp: number, overdueAddBp: number) => rateMaxBp + overdueAddBp <= LEGAL_MAX_RATE_BP;
