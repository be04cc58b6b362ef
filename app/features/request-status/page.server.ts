import { data, type RouterContextProvider } from "react-router";
import { businessIdentity } from "#app/business/identity.server.ts";
import { statuteBoth } from "#app/loans/statutes.server.ts";
import { brokerRegistration, type BusinessIdentity } from "#app/business/identity.ts";
import { i18nFor, localeOf, tFor } from "#app/i18n/route.server.ts";
import { statusBreachBanner } from "#app/features/breach/notice.server.ts";
import { pageData } from "#app/web/page.server.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { findStatusLink, type StatusLink } from "#app/requests/status-link.server.ts";
import { statusFacts } from "#app/features/request-status/status.server.ts";
import { statusView, type Message, type StatusView } from "#app/features/request-status/view.ts";
import { callSlots, callSlotsKey, hoursVars, isCallingTime, nextCallingMoment, type BusinessCalendar } from "#app/business/calendar.ts";
import { readCalendar } from "#app/business/calendar.server.ts";
import { formatDate, formatDay, formatTime, formatWhen } from "#app/features/request-status/format.ts";
import { seoulDay } from "#app/lib/seoul-time.ts";
import { alertsOf } from "#app/features/alerts/context.server.ts";
import { visitorConsents, type VisitorConsents } from "#app/features/pipeline/lender-consent.server.ts";

/** The consents to lenders the page shows (issue 52): the open question while the request is open, and those answered. */
async function pageConsents(
  context: Readonly<RouterContextProvider>,
  loaded: LoadedStatus,
  locale: string,
): Promise<VisitorConsents | null> {
  if (loaded.link.request_kind !== "consultation" || loaded.view.stage === "withdrawn") return null;
  const consents = await visitorConsents(services(context).db, loaded.link.request_id);
  return {
    ask: loaded.view.actionable ? consents.ask : null,
    answered: consents.answered.map((c) => ({
      ...c,
      at: formatWhen(c.at, locale),
      withdrawnAt: c.withdrawnAt ? formatWhen(c.withdrawnAt, locale) : null,
    })),
  };
}

/**
 * The headers of every answer of the status page, found or not (issue 28):
 * never kept by any cache (ours included: `no-store` keeps it out of the
 * page cache), never indexed, and the link never leaves in a Referer.
 */
export const STATUS_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

const TIME_VARS = new Set(["time", "tried", "next"]);

/** A message's times, formatted in the page's language and Korea time (an attempt of today by its time only). */
function formatLine(line: Message, locale: string, now: Date): Message {
  if (!line.vars) return line;
  const today = seoulDay(now);
  const format = (k: string, v: string) => {
    if (k === "day") return formatDay(v, locale);
    if (k === "tried" && seoulDay(v) === today) return formatTime(v, locale);
    return TIME_VARS.has(k) ? formatWhen(v, locale) : v;
  };
  const vars = Object.fromEntries(Object.entries(line.vars).map(([k, v]) => [k, typeof v === "number" ? v : format(k, v)]));
  return { ...line, vars };
}

export interface SlotGroup {
  day: string;
  slots: { value: string; label: string }[];
}

/**
 * The slots made for a calendar, a language and callSlotsKey: every visitor
 * in the same hour gets the same list, and making it (168 hours looked at,
 * dozens of labels formatted) was a tenth of the page's CPU (issue 41). A
 * calendar saved in the console is another key, so it shows at once.
 */
const slotLists = new Map<string, SlotGroup[]>();

/** The call-back slots of the business calendar (none on a closed day), grouped by day, labelled in the page's language. */
function slotGroups(calendar: BusinessCalendar, now: Date, locale: string): SlotGroup[] {
  const key = `${locale} ${callSlotsKey(now)} ${JSON.stringify(calendar)}`;
  let list = slotLists.get(key);
  if (!list) {
    if (slotLists.size >= 32) slotLists.clear();
    slotLists.set(key, (list = makeSlotGroups(calendar, now, locale)));
  }
  return list;
}

function makeSlotGroups(calendar: BusinessCalendar, now: Date, locale: string): SlotGroup[] {
  const groups = new Map<string, SlotGroup>();
  for (const slot of callSlots(calendar, now)) {
    const iso = slot.toISOString();
    const day = formatDate(iso, locale);
    const group = groups.get(day) ?? { day, slots: [] };
    group.slots.push({ value: iso, label: formatTime(iso, locale) });
    groups.set(day, group);
  }
  return [...groups.values()];
}

export type LoadedStatus = { link: StatusLink; view: StatusView; calendar: BusinessCalendar; business: BusinessIdentity };

/** The live link of a token and what its page may show; null answers the same 404 as an unknown link. */
export async function loadStatus(context: Readonly<RouterContextProvider>, token: string, now = new Date()): Promise<LoadedStatus | null> {
  const { db } = services(context);
  const link = await findStatusLink(db, token, now);
  const facts = link ? await statusFacts(db, link) : null;
  if (!link || !facts) return null;
  const business = await businessIdentity(db);
  return { link, view: statusView(facts, now, business.phone), calendar: await readCalendar(db), business };
}

/** The page's data: its strings, the view with its times formatted, and the slots (when it may be rescheduled). */
export async function statusPageData(context: Readonly<RouterContextProvider>, loaded: LoadedStatus, now = new Date()) {
  const { business } = loaded;
  const locale = localeOf(context);
  const t = tFor(context);
  const { view, calendar } = loaded;
  const closedNow = !isCallingTime(calendar, now);
  // A published leak that touched this request (issue 52 item 4): its banner and notice.
  const breach = await statusBreachBanner(services(context).db, view.kind, view.createdAt, locale);
  return {
    i18n: i18nFor(context, breach ? ["status", "breach"] : ["status"]),
    breach,
    title: t("status.meta.title"),
    summary: t(`status.title.${view.kind}`),
    view: { ...view, lines: view.lines.map((l) => formatLine(l, locale, now)) },
    received: formatDay(view.createdAt, locale),
    /** The business calendar's days and hours in words, for "We work {days}, {from}–{to}". */
    hours: hoursVars(calendar, locale),
    /** Outside the calling hours of an open day: when we open again (formatted), else null. */
    opensAt: closedNow ? formatWhen(nextCallingMoment(calendar, now).toISOString(), locale) : null,
    slots: view.actionable ? slotGroups(calendar, now, locale) : [],
    brokerNumber: brokerRegistration(business)?.number ?? "",
    businessName: `${business.legalNameEn} (${business.legalNameKo})`,
    phone: business.phone,
    /** How to withdraw and what it repays (금소법 시행령 제37조③⑥), from the statute folder with the Korean beside it (ADR 0051). */
    withdrawal: statuteBoth("withdrawal", locale),
    /** The server's VAPID public key for "Tell me on this phone" (issue 38); null once the request is withdrawn. */
    pushKey: view.stage === "withdrawn" ? null : alertsOf(context).config.vapid.publicKey,
    /** When this page was rendered, in Korea time: what the offline copy says it shows "as of" (issue 38). */
    renderedAt: formatWhen(now.toISOString(), locale),
    /** The consent to give the request to a lender, asked by an operator, and those answered (issue 52). */
    consents: await pageConsents(context, loaded, locale),
  };
}

/** The 404 of a link that opens nothing: the site's own not-found page, with the status page's headers. */
export function statusNotFound(context: Readonly<RouterContextProvider>) {
  // The not-found page of a status link offers "find my request again" (issue 49 item 4).
  return data(pageData(context, ["proof"], "notFound"), { status: 404, headers: STATUS_HEADERS });
}

/**
 * The guard against guessing links (issue 39, item 4): only look-ups that
 * open nothing (an unknown or expired link) are counted, per address; past
 * STATUS_MISSES_PER_WINDOW in a window every look-up from that address is
 * refused until the window ends, before any lookup, so a refusal says
 * nothing about a token. A visitor refreshing their own page makes no
 * misses and is never refused, also behind a carrier's shared address.
 */
export const STATUS_MISSES_PER_WINDOW = 10;
const MISS_BUCKET = "request-status-miss";

/** Seconds this address must wait before looking up another link, or 0. */
export function statusGuessingWait(context: Readonly<RouterContextProvider>): Promise<number> {
  return services(context).limiter.peek(MISS_BUCKET, context.get(requestContext).clientIp, STATUS_MISSES_PER_WINDOW);
}

/** Counts a look-up that opened nothing. */
export async function countStatusMiss(context: Readonly<RouterContextProvider>): Promise<void> {
  await services(context).limiter.hit(MISS_BUCKET, context.get(requestContext).clientIp, STATUS_MISSES_PER_WINDOW);
}
