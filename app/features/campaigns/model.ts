import type { Locale } from "#app/i18n/locales.ts";
import { formatRate as formatEnd } from "#app/loans/rate.ts";
import { approvalGaps, type AdApproval, type Gap } from "#app/loans/ad-approval.ts";
import type { DisclosureApproval, DisclosureText } from "#app/loans/disclosure.ts";

/**
 * What the home page shows of the campaigns (issue 14): the partner banners
 * and the event popup, as operators set them in the console. Pure functions,
 * shared by the server, the console and the tests.
 */
export type BannerTexts = Record<Locale, { title: string; description: string }>;
export type PopupAlts = Record<Locale, string>;

/**
 * A banner's annual rate: its lowest and highest value in hundredths of a
 * percent (13.00% → 1300; equal for one rate) and the decimals the operator
 * wrote each end with (13.00 → 2, 19.9 → 1), shown as written.
 */
export interface BannerRate {
  fromBp: number;
  toBp: number;
  fromDecimals: number;
  toDecimals: number;
}

/** The rate in `locale`'s number format: 13.00%–19.9% (en), 13,00%–19,9% (vi, id); one value when both ends are equal. */
export function formatRate(locale: Locale | "ko", rate: BannerRate): string {
  const from = formatEnd(locale, rate.fromBp, rate.fromDecimals);
  const to = formatEnd(locale, rate.toBp, rate.toDecimals);
  return from === to ? from : `${from}–${to}`;
}

/** A banner as the home page renders it, in the page's language. */
export interface PublicBanner {
  key: string;
  title: string;
  description: string;
  /** The rate in the page's number format (formatRate). */
  rate: string;
  /** YYYY-MM-DD (Korea): the day the rate was calculated. */
  rateDate: string;
  /** That day written out in the page's language (formatDay). */
  rateDay: string;
  link: string;
  image: string;
  image2x: string | null;
  /** The product it advertises (its page carries the full disclosure), and the ad's own approval numbers. */
  productKey: string;
  approval: DisclosureApproval;
  /** The lender whose product it advertises (its legal name; 감독규정 제19조①5), "" until the product is read. */
  lender: string;
}

/**
 * An event the popup announces (issue 48 item 2; review N9; 감독규정 별표 5 1.가·1.다): its terms and
 * its period, both shown in the popup. Without them the popup is a plain loan ad and its texts may
 * not call it an event.
 */
export interface PopupEvent {
  /** The event's terms in the page's language (else English). */
  terms: string;
  /** The first and last day, written out in the page's language. */
  from: string;
  until: string;
}

/**
 * Words that call an ad an event or a promotion, per language (the popup's texts are checked in
 * their own language, and Korean in every one): refused in a popup without an event's terms and period.
 */
export const EVENT_WORDS: Record<Locale | "ko", RegExp> = {
  en: /\b(events?|promo(tion)?s?)\b/iu,
  vi: /(sự kiện|khuyến mãi|khuyến mại)/iu,
  id: /\b(event|acara|promo(si)?)\b/iu,
  my: /(ပွဲ|ပရိုမိုးရှင်း|အစီအစဉ်)/u,
  mn: /(эвент|урамшуулал|арга хэмжээ)/iu,
  ko: /(이벤트|행사|프로모션)/u,
};

/** Whether a popup text in `locale` calls the ad an event (or promotion). */
export const callsItAnEvent = (locale: Locale, text: string) => EVENT_WORDS[locale].test(text) || EVENT_WORDS.ko.test(text);

export interface PublicPopup {
  /** The event's terms and period; null: a plain loan ad (the popup's link then reads "See the loan"). */
  event: PopupEvent | null;
  productKey: string;
  approval: DisclosureApproval;
  link: string;
  image: string;
  image2x: string | null;
  alt: string;
}

export interface PublicCampaigns {
  banners: PublicBanner[];
  popup: PublicPopup | null;
}

/** An ad as the home page shows it: with its loan-ad disclosure as finished text (null in an operator's preview of a product not live). */
export type WithDisclosure<T> = T & { disclosure: DisclosureText | null };

/** The banner image's box on the home page, and the popup's (the sizes uploads are encoded to, 1× and 2×). */
export const BANNER_IMAGE = { width: 560, height: 240 } as const;
export const POPUP_IMAGE = { width: 480, height: 270 } as const;

/** Within its window (either end may be open), switched on and published (or previewed). */
export function isLive(
  row: { enabled: number; published: number; active_from: string | null; active_until: string | null },
  now: Date,
  preview = false,
): boolean {
  if (!row.enabled) return false;
  if (!row.published && !preview) return false;
  const at = now.toISOString();
  if (row.active_from && at < row.active_from) return false;
  if (row.active_until && at >= row.active_until) return false;
  return true;
}

/**
 * What keeps a banner or the popup, a loan ad, from being published at `now`
 * (issue 35): no product to link to, or an approval missing or run out. The
 * gaps carry the form's field names.
 */
export function adGaps(row: Partial<AdApproval> & { product_key: string | null }, now: Date): Gap[] {
  const gaps: Gap[] = row.product_key ? [] : [{ field: "product_key", problem: "missing" }];
  return [...gaps, ...approvalGaps(row, now)];
}

export const emptyBannerText = (t: { title: string; description: string }) => !t.title.trim();
export const emptyAlt = (t: string) => !t.trim();

/** `2026-11-01` → `2026년 11월 1일`, the date of the Korean rate disclaimer. */
export function koreanDate(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${y}년 ${m}월 ${d}일`;
}

/**
 * The one day every banner's rate was calculated, or null when they differ
 * (each banner then shows its own day, and the disclaimer points to them).
 */
export function commonRateDate<B extends Pick<PublicBanner, "rateDate">>(banners: readonly B[]): B | null {
  const first = banners[0];
  return first && banners.every((b) => b.rateDate === first.rateDate) ? first : null;
}

/** `/?campaignPreview=1`: the home page with drafts, for a signed-in operator only (ADR 0021). */
export const PREVIEW_PARAM = "campaignPreview";
