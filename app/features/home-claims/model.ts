/**
 * The home page's figures and reviews as data (issue 35, item 4; 표시광고법
 * 제3조·제5조, 금소법 시행령 제20조①4·5): what they are, the rule that keeps the
 * four figures in agreement, and what the home page receives. Pure: the
 * console, the server and the tests read it.
 */
import type { Locale } from "#app/i18n/locales.ts";

/**
 * The four figures, in the banner's order. The spec's "Total Sign-ups" is
 * gone: the site has no sign-up, so nobody could substantiate it. In its
 * place, the consultation requests received, which the site records itself.
 */
export const FIGURES = ["requests", "approved", "approval_rate", "disbursed"] as const;
export type FigureKey = (typeof FIGURES)[number];

/** The figures in their stored units: counts, tenths of a percent (85.0 % = 850), whole won. */
export type FigureValues = Record<FigureKey, number>;

export const SECTIONS = ["figures", "reviews"] as const;
export type ClaimSection = (typeof SECTIONS)[number];

/** The flags the site has (public/images/flags). */
export const REVIEW_COUNTRIES = ["id", "ph", "vn"] as const;
export type ReviewCountry = (typeof REVIEW_COUNTRIES)[number];
export const isReviewCountry = (value: string): value is ReviewCountry => (REVIEW_COUNTRIES as readonly string[]).includes(value);

export const RATING_MAX = 5;

/** Why a set of figures cannot all be true together (a console catalog key's last part). */
export type FigureConflict =
  "approvedOverRequests" | "rateWithoutApprovals" | "approvalsWithoutRate" | "rateOverRequests" | "disbursedTooSmall";

/**
 * What is wrong with the four figures taken together, by the figure the
 * message stands beside; empty when they agree.
 *
 * - No more approvals than consultation requests: every loan the firm
 *   brokered started as a request.
 * - An approval rate above zero needs approvals, and approvals need a rate.
 * - The applications the rate implies (approvals ÷ rate) cannot be more than
 *   the requests either. The rate is shown to a tenth of a percent, so the
 *   true one may be up to 0.05 points higher: only an impossibility counts.
 * - The total disbursed must hold every approval at the smallest amount a
 *   product lends (`minAmount`, KRW): 50,000 approvals at 1,000,000 KRW need
 *   50 billion won. Without a product (`null`) this part is not checked.
 */
export function figureConflicts(f: FigureValues, minAmount: number | null): Partial<Record<FigureKey, FigureConflict>> {
  const out: Partial<Record<FigureKey, FigureConflict>> = {};
  if (f.approved > f.requests) out.approved = "approvedOverRequests";
  if (f.approval_rate > 0 && f.approved === 0) out.approval_rate = "rateWithoutApprovals";
  else if (f.approval_rate === 0 && f.approved > 0) out.approval_rate = "approvalsWithoutRate";
  // approved / ((rate + 0.5) / 1000) > requests, in whole numbers.
  else if (f.approval_rate > 0 && f.approved * 2000 > f.requests * (2 * f.approval_rate + 1)) out.approval_rate = "rateOverRequests";
  if (minAmount !== null && f.approved * minAmount > f.disbursed) out.disbursed = "disbursedTooSmall";
  return out;
}

// ---- What the home page receives (formatted on the server) --------------

export interface PublicFigure {
  key: FigureKey;
  /** The number as the language writes it (50,000 · 85.5 · 5.2); the component adds its unit. */
  value: string;
  /** For the disbursed total: "billion" or "million" won, the number being in that unit. */
  unit: "count" | "percent" | "billionWon" | "millionWon";
  /** The day it was counted, written out in the language. */
  asOf: string;
  source: string;
}

export interface PublicReview {
  id: number;
  name: string;
  country: ReviewCountry;
  rating: number;
  /** The language of `text`. */
  lang: Locale;
  text: string;
  /** The customer's own language when `text` is a translation. */
  translatedFrom: Locale | null;
  /** Something was given for the review: the page says so. */
  incentive: boolean;
}

export interface PublicReviews {
  list: PublicReview[];
  /** The mean of the shown reviews' ratings, to one decimal, never rounded up (4.96 → 4.9). */
  mean: number;
  /** The same as the language writes it (4,9 in vi and id). */
  average: string;
  count: number;
}

/** What the home page shows; a hidden (or empty) section is null. */
export interface PublicClaims {
  figures: PublicFigure[] | null;
  reviews: PublicReviews | null;
}

/** The mean rating of `ratings` to one decimal, never rounded up (4.96 shows as 4.9, not 5.0); null without ratings. */
export function averageRating(ratings: readonly number[]): number | null {
  if (!ratings.length) return null;
  const sum = ratings.reduce((a, b) => a + b, 0);
  return Math.floor((sum * 10) / ratings.length) / 10;
}

/**
 * The disbursed total in the unit a visitor reads easily, never rounded up
 * (5,197,500,000 won is 5.1 billion, not 5.2): billions from one billion,
 * else millions.
 */
export function wonUnit(won: number): { amount: number; unit: "billionWon" | "millionWon" } {
  if (won >= 1_000_000_000) return { amount: Math.floor(won / 100_000_000) / 10, unit: "billionWon" };
  return { amount: Math.floor(won / 100_000) / 10, unit: "millionWon" };
}
