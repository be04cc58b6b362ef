import { noControlCharacters, v } from "#app/lib/schema.ts";
import { RATE_SYNTAX, parseRate, withinLegalMax, type TypedRate } from "#app/loans/rate.ts";
import { kstToUtc } from "#app/lib/seoul-time.ts";
import { kstTime } from "#app/features/console/kst-field.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { approvalEntries } from "#app/features/console/ad-approval-schema.ts";
import { callsItAnEvent } from "#app/features/campaigns/model.ts";
import { isIsoDay } from "#app/lib/seoul-time.ts";

/**
 * The console's campaign forms (issue 14): one schema per payload, used by
 * the form (limits on the inputs) and the action. Messages are console
 * catalog keys. Times are entered in Korea time (`datetime-local`), stored
 * as UTC instants.
 */
export const TITLE_MAX = 80;
export const DESCRIPTION_MAX = 160;
export const ALT_MAX = 160;
export const LINK_MAX = 2048;
/** The largest image an operator may upload. */
export const CAMPAIGN_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const msg = (key: AdminKey) => key;

const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.maxLength(max, msg("campaigns.error.tooLong")),
    noControlCharacters(msg("campaigns.error.control")),
  );

const requiredText = (max: number) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.nonEmpty(msg("campaigns.error.required")),
    v.maxLength(max, msg("campaigns.error.tooLong")),
    noControlCharacters(msg("campaigns.error.control")),
  );

const httpsLink = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.nonEmpty(msg("campaigns.error.required")),
  v.maxLength(LINK_MAX, msg("campaigns.error.tooLong")),
  v.check((value: string) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" && !!url.hostname && !url.username && !url.password;
    } catch {
      return false;
    }
  }, msg("campaigns.error.https")),
);

const activeWindow = {
  active_from: kstTime,
  active_until: kstTime,
};

const endAfterStart = <T extends { active_from: string; active_until: string }>() =>
  v.forward<T, v.PartialCheckIssue<{ active_from: string; active_until: string }>, ["active_until"]>(
    v.partialCheck(
      [["active_from"], ["active_until"]],
      (input: { active_from: string; active_until: string }) =>
        !input.active_from || !input.active_until || kstToUtc(input.active_until)! > kstToUtc(input.active_from)!,
      msg("campaigns.error.endBeforeStart"),
    ) as never,
    ["active_until"] as never,
  );

/** One end of a banner's rate as typed in the console: `13.00`, `19.9`, `9` (a `%` after it is allowed). */
const readRate = (text: string) => parseRate(text, RATE_SYNTAX.banner);

const rateNumber = v.check((value: string) => value === "" || (readRate(value)?.bp ?? 0) > 0, msg("campaigns.rate.error.number"));
const rateAllowed = v.check((value: string) => withinLegalMax(readRate(value)?.bp ?? 0), msg("campaigns.rate.error.max"));
const toRate = v.transform((value: string) => readRate(value));

/** The highest end may stay empty (one rate); when given, not below the lowest. */
const rateInOrder = <T extends { rate_from: TypedRate | null; rate_to: TypedRate | null }>() =>
  v.forward<T, v.PartialCheckIssue<{ rate_from: TypedRate | null; rate_to: TypedRate | null }>, ["rate_to"]>(
    v.partialCheck(
      [["rate_from"], ["rate_to"]],
      (input: { rate_from: TypedRate | null; rate_to: TypedRate | null }) =>
        !input.rate_from || !input.rate_to || input.rate_to.bp >= input.rate_from.bp,
      msg("campaigns.rate.error.order"),
    ) as never,
    ["rate_to"] as never,
  );

/** The product (its key) the ad advertises: its page, and the terms its disclosure shows; empty allowed in a draft. */
const productKey = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.check((value: string) => value === "" || /^[a-z0-9][a-z0-9-]{1,63}$/.test(value), msg("campaigns.error.key")),
);

/** What a banner and the popup share as loan ads (issue 35): the product, the lender's confirmation, the compliance review. */
const adEntries = { product_key: productKey, ...approvalEntries };

const checkbox = v.pipe(
  v.optional(v.string(), ""),
  v.transform((value: string) => value === "on" || value === "1"),
);

export const bannerSchema = v.pipe(
  v.object({
    partner_key: v.pipe(
      v.optional(v.string(), ""),
      v.trim(),
      v.nonEmpty(msg("campaigns.error.required")),
      v.regex(/^[a-z0-9][a-z0-9-]{1,63}$/, msg("campaigns.error.key")),
    ),
    title_en: requiredText(TITLE_MAX),
    title_vi: optionalText(TITLE_MAX),
    title_id: optionalText(TITLE_MAX),
    title_my: optionalText(TITLE_MAX),
    title_mn: optionalText(TITLE_MAX),
    description_en: optionalText(DESCRIPTION_MAX),
    description_vi: optionalText(DESCRIPTION_MAX),
    description_id: optionalText(DESCRIPTION_MAX),
    description_my: optionalText(DESCRIPTION_MAX),
    description_mn: optionalText(DESCRIPTION_MAX),
    rate_from: v.pipe(v.optional(v.string(), ""), v.trim(), v.nonEmpty(msg("campaigns.error.required")), rateNumber, rateAllowed, toRate),
    rate_to: v.pipe(v.optional(v.string(), ""), v.trim(), rateNumber, rateAllowed, toRate),
    rate_date: v.pipe(
      v.optional(v.string(), ""),
      v.trim(),
      v.nonEmpty(msg("campaigns.error.required")),
      v.check((value: string) => /^\d{4}-\d\d-\d\d$/.test(value) && !Number.isNaN(Date.parse(value)), msg("campaigns.error.date")),
    ),
    link: httpsLink,
    ...activeWindow,
    enabled: checkbox,
    ...adEntries,
  }),
  endAfterStart(),
  rateInOrder(),
);

export type BannerInput = v.InferOutput<typeof bannerSchema>;

/** A form field of one language: `title_vi`, `alt_mn`… */
export const localeField = <P extends "title" | "description" | "alt" | "event_terms">(prefix: P, locale: Locale) =>
  `${prefix}_${locale}` as `${P}_${Locale}`;

export const EVENT_TERMS_MAX = 600;

/** A day (YYYY-MM-DD, Korea) or empty. */
const optionalDay = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.check((value: string) => value === "" || isIsoDay(value), msg("campaigns.error.date")),
);

const popupFields = v.object({
  link: httpsLink,
  alt_en: requiredText(ALT_MAX),
  alt_vi: optionalText(ALT_MAX),
  alt_id: optionalText(ALT_MAX),
  alt_my: optionalText(ALT_MAX),
  alt_mn: optionalText(ALT_MAX),
  // An event's terms per language (English first) and its period (issue 48 item 2; review N9).
  event_terms_en: optionalText(EVENT_TERMS_MAX),
  event_terms_vi: optionalText(EVENT_TERMS_MAX),
  event_terms_id: optionalText(EVENT_TERMS_MAX),
  event_terms_my: optionalText(EVENT_TERMS_MAX),
  event_terms_mn: optionalText(EVENT_TERMS_MAX),
  event_from: optionalDay,
  event_until: optionalDay,
  ...activeWindow,
  enabled: checkbox,
  ...adEntries,
});
type PopupFields = v.InferOutput<typeof popupFields>;

/** An event is its terms and its whole period: any one of them asks for the others. */
export const isEvent = (input: Pick<PopupFields, "event_terms_en" | "event_from" | "event_until">) =>
  !!(input.event_terms_en || input.event_from || input.event_until);

/** One rule of the event (a message on one field) as a form-level check. */
const eventRule = (field: keyof PopupFields, ok: (input: PopupFields) => boolean, message: AdminKey) =>
  v.forward<PopupFields, v.PartialCheckIssue<PopupFields>, [typeof field]>(
    v.partialCheck([[field]] as never, ok as never, message) as never,
    [field] as never,
  );

const noEventWord = (l: Locale) =>
  eventRule(`alt_${l}`, (i) => isEvent(i) || !callsItAnEvent(l, i[`alt_${l}`]), msg("campaigns.error.eventWord"));

export const popupSchema = v.pipe(
  popupFields,
  endAfterStart(),
  eventRule("event_terms_en", (i) => !isEvent(i) || !!i.event_terms_en, msg("campaigns.error.eventTerms")),
  eventRule("event_from", (i) => !isEvent(i) || !!i.event_from, msg("campaigns.error.eventPeriod")),
  eventRule("event_until", (i) => !isEvent(i) || !!i.event_until, msg("campaigns.error.eventPeriod")),
  eventRule("event_until", (i) => !i.event_from || !i.event_until || i.event_until >= i.event_from, msg("campaigns.error.endBeforeStart")),
  // No terms and period: the texts may not call the popup an event (in any language).
  noEventWord("en"),
  noEventWord("vi"),
  noEventWord("id"),
  noEventWord("my"),
  noEventWord("mn"),
);

export type PopupInput = v.InferOutput<typeof popupSchema>;
