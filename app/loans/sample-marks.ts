import { addDays, isIsoDay, todayInSeoul } from "#app/lib/seoul-time.ts";

/**
 * What makes an ad a sample by its content (issue 47 item 6, issue 48 item
 * 3), whoever saved it last: an approval number beginning "샘플", "[샘플]"
 * in any of its texts, or an approval valid more than a year ahead (no
 * lender confirms an ad, and no reviewer passes one, for longer). Each keeps
 * the item a sample until the business replaces it. Pure: the go-live check
 * and the console's badges read it.
 */
export type SampleMark = "flag" | "number" | "text" | "validity";

/** The longest a real approval runs, in days from today (Korea). */
export const APPROVAL_HORIZON_DAYS = 366;
export const SAMPLE_PREFIX = "샘플";
export const SAMPLE_TAG = "[샘플]";

export interface MarkedAd {
  sample?: number | boolean | null;
  confirm_no?: string | null;
  review_no?: string | null;
  confirm_until?: string | null;
  review_until?: string | null;
}

/** Why `ad` is still a sample at `now` (none: it is the business's own); `texts` are its other words (names, rate basis…). */
export function sampleMarks(ad: MarkedAd, texts: readonly (string | null | undefined)[], now: Date): SampleMark[] {
  const marks: SampleMark[] = [];
  if (ad.sample) marks.push("flag");
  if ([ad.confirm_no, ad.review_no].some((n) => n?.trim().startsWith(SAMPLE_PREFIX))) marks.push("number");
  if ([ad.confirm_no, ad.review_no, ...texts].some((t) => t?.includes(SAMPLE_TAG))) marks.push("text");
  const horizon = addDays(todayInSeoul(now), APPROVAL_HORIZON_DAYS);
  if ([ad.confirm_until, ad.review_until].some((d) => !!d && isIsoDay(d) && d > horizon)) marks.push("validity");
  return marks;
}
