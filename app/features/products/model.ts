/**
 * Loan products as data (issue 27): what a product offers and whom it
 * accepts, as the eligibility check, the console and the tests read it. Pure
 * and without server code: the check's page runs it in the browser.
 */
import { REPAYMENT_METHODS, type RepaymentMethod } from "#app/features/repayment/schedule.ts";
import type { LoanTerms } from "#app/loans/terms.ts";
import type { DisclosureApproval, DisclosureProduct } from "#app/loans/disclosure.ts";
import { percentToBp } from "#app/loans/rate.ts";

/** Every visa type a visitor can pick on the check (spec §3's list, the FAQ's work visas, D-4 and D-10), in the select's order. */
export const VISA_TYPES = ["D-2", "D-4", "D-10", "E-1", "E-2", "E-3", "E-7", "E-9", "E-10", "F-2", "F-4", "F-5", "F-6", "Others"] as const;
export type VisaType = (typeof VISA_TYPES)[number];

/** Kinds of employment: a standard employment contract, self-employed, anything else (part-time, none). */
export const EMPLOYMENT_KINDS = ["standard", "self", "other"] as const;
export type EmploymentKind = (typeof EMPLOYMENT_KINDS)[number];

/** 원리금균등, 원금균등, 만기일시: the calculator's methods. */
export const METHODS = REPAYMENT_METHODS;
export type Method = RepaymentMethod;

export interface Range {
  min: number;
  max: number;
}

/** Whom a product accepts. */
export interface EligibilityRules {
  visas: string[];
  /** Months of stay the visa must have left after the last instalment. */
  stayAfterMonths: number;
  /** Months with the current employer, unless the visa has its own figure below. */
  employedMonths: number;
  employedMonthsByVisa: Record<string, number>;
  /** KRW a year. */
  minIncome: number;
  employment: EmploymentKind[];
  /** Nationalities it is limited to; empty: any. */
  nationalities: string[];
}

/** A live product in one language. */
export interface LoanProduct {
  key: string;
  name: string;
  /** KRW. */
  amount: Range;
  /** Percent a year (13 = 13.00 %). */
  rate: Range;
  /** Months. */
  term: Range;
  methods: Method[];
  rules: EligibilityRules;
  /** YYYY-MM-DD (Korea): the day the live version's figures took effect, the rate's "as of" date. */
  rateDate: string;
  /** What its ad must state besides the rate (issue 35). */
  terms: LoanTerms;
  /** The lender's confirmation and the compliance review, with their last valid days (only approved products are shown). */
  approval: DisclosureApproval;
}

/** The product as the loan-ad disclosure reads it (app/loans/Disclosure.tsx). */
export function disclosureProduct(p: LoanProduct): DisclosureProduct {
  return {
    key: p.key,
    name: p.name,
    rateMinBp: percentToBp(p.rate.min),
    rateMaxBp: percentToBp(p.rate.max),
    rateDate: p.rateDate,
    methods: p.methods,
    terms: p.terms,
  };
}

/** The months with the employer this visa needs for this product. */
export function employedMonthsFor(rules: EligibilityRules, visa: string): number {
  return rules.employedMonthsByVisa[visa] ?? rules.employedMonths;
}

export const isVisaType = (value: string): value is VisaType => (VISA_TYPES as readonly string[]).includes(value);
export const isEmploymentKind = (value: string): value is EmploymentKind => (EMPLOYMENT_KINDS as readonly string[]).includes(value);
export const isMethod = (value: string): value is Method => (METHODS as readonly string[]).includes(value);

/** `annuity,bullet` → the methods, in the canonical order, unknown names dropped. */
export function parseList<T extends string>(text: string, known: readonly T[]): T[] {
  const names = new Set(text.split(",").map((s) => s.trim()));
  return known.filter((k) => names.has(k));
}
