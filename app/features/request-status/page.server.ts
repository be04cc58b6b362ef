import { data, type RouterContextProvider } from "react-router";
import { businessIdentity } from "#app/business/identity.server.ts";
import { brokerRegistration } from "#app/business/identity.ts";
import { i18nFor, localeOf, tFor } from "#app/i18n/route.server.ts";
import { pageData } from "#app/web/page.server.ts";
import { services } from "#app/lib/services.server.ts";
import { rateLimited } from "#app/web/svc.server.ts";
import { findStatusLink, type StatusLink } from "#app/requests/status-link.server.ts";
import { statusFacts } from "#app/features/request-status/status.server.ts";
import { statusView, type Message, type StatusView } from "#app/features/request-status/view.ts";
import { callSlots, isWorkingTime } from "#app/features/request-status/hours.ts";
import { formatDate, formatDay, formatTime, formatWhen } from "#app/features/request-status/format.ts";
import { seoulDay } from "#app/lib/seoul-time.ts";

/** Looks at the status page (and its actions) per client address: enough for a person, too few to guess tokens. */
export const STATUS_BUCKET = "request-status";

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
  const vars = Object.fromEntries(Object.entries(line.vars).map(([k, v]) => [k, format(k, v)]));
  return { ...line, vars };
}

export interface SlotGroup {
  day: string;
  slots: { value: string; label: string }[];
}

/** The call-back slots, grouped by day, labelled in the page's language. */
function slotGroups(now: Date, locale: string): SlotGroup[] {
  const groups = new Map<string, SlotGroup>();
  for (const slot of callSlots(now)) {
    const iso = slot.toISOString();
    const day = formatDate(iso, locale);
    const group = groups.get(day) ?? { day, slots: [] };
    group.slots.push({ value: iso, label: formatTime(iso, locale) });
    groups.set(day, group);
  }
  return [...groups.values()];
}

export type LoadedStatus = { link: StatusLink; view: StatusView };

/** The live link of a token and what its page may show; null answers the same 404 as an unknown link. */
export async function loadStatus(context: Readonly<RouterContextProvider>, token: string, now = new Date()): Promise<LoadedStatus | null> {
  const { db } = services(context);
  const link = await findStatusLink(db, token, now);
  const facts = link ? await statusFacts(db, link) : null;
  if (!link || !facts) return null;
  return { link, view: statusView(facts, now, (await businessIdentity(db)).phone) };
}

/** The page's data: its strings, the view with its times formatted, and the slots (when it may be rescheduled). */
export async function statusPageData(context: Readonly<RouterContextProvider>, loaded: LoadedStatus, now = new Date()) {
  const business = await businessIdentity(services(context).db);
  const locale = localeOf(context);
  const t = tFor(context);
  const { view } = loaded;
  return {
    i18n: i18nFor(context, ["status"]),
    title: t("status.meta.title"),
    summary: t(`status.title.${view.kind}`),
    view: { ...view, lines: view.lines.map((l) => formatLine(l, locale, now)) },
    received: formatDay(view.createdAt, locale),
    afterHours: !isWorkingTime(now),
    slots: view.actionable ? slotGroups(now, locale) : [],
    brokerNumber: brokerRegistration(business)?.number ?? "",
    businessName: `${business.legalNameEn} (${business.legalNameKo})`,
    phone: business.phone,
  };
}

/** The 404 of a link that opens nothing: the site's own not-found page, with the status page's headers. */
export function statusNotFound(context: Readonly<RouterContextProvider>) {
  return data(pageData(context, [], "notFound"), { status: 404, headers: STATUS_HEADERS });
}

/** The per-address limit on looking at status pages; seconds to wait, or 0. */
export function statusRateLimited(context: Readonly<RouterContextProvider>): Promise<number> {
  return rateLimited({ context }, STATUS_BUCKET);
}
