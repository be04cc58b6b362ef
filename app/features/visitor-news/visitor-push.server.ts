import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { isStatusKind } from "#app/requests/kinds.ts";
import { isPostgres } from "#db/migrations/dialect-types.ts";
import { businessIdentityOrLast } from "#app/business/identity.server.ts";
import type { StatusLink } from "#app/requests/status-link.server.ts";
import { linkToken, statusUrl } from "#app/requests/status-link.server.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { isLocale, DEFAULT_LOCALE, type Locale } from "#app/i18n/locales.ts";
import { queuedDelivery, type Delivery } from "#app/outbox/queue.server.ts";
import type { SendResult } from "#app/outbox/result.ts";
import type { Outbox } from "#app/outbox/outbox.server.ts";
import { allowedAt, quietWindow } from "#app/outbox/quiet.ts";
import type { PushMessage, VapidKeys } from "#app/outbox/channels/push.server.ts";
import type { PushDevice } from "#app/outbox/channels/endpoint.server.ts";
import type { VisitorNews, VisitorSubscription } from "#app/features/visitor-news/visitor-push.ts";

/**
 * Web Push to visitors (issue 38, items 1–3). A phone subscribes on one
 * request's status page; news of that request (an agent about to call, a
 * missed call, a call-back set, a stage reached, the request closed) is
 * queued on the outbox (app/outbox/) in the transaction that made it (channel
 * "visitor", one row per subscribed phone) and delivered once across
 * instances by the outbox's worker.
 *
 * Pacing: at most one notification per request in any 10 minutes. News that
 * comes while a notification is still waiting to go is COALESCED into it (the
 * waiting row takes the latest kind of news; nothing is dropped silently: the
 * visitor hears the latest state, and the status page shows the rest). None
 * between 21:00 and 08:00 Korea time: news then is held until 08:00, unless
 * the visitor asked to be called inside that night (a call-back they chose).
 */
type Db = Kysely<Database> | Transaction<Database>;

export const VISITOR_CHANNEL = "visitor";
export const MIN_GAP_MS = 10 * 60_000;
export { allowedAt, quietWindow };

/** A phone subscribes on the status page of `link` (the same phone again: nothing new). */
export async function subscribeVisitor(
  db: Db,
  link: Pick<StatusLink, "id" | "request_kind" | "request_id">,
  sub: VisitorSubscription,
  now = new Date(),
) {
  await db
    .insertInto("visitor_push_subscriptions")
    .values({
      status_link_id: link.id,
      request_kind: link.request_kind,
      request_id: link.request_id,
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(["status_link_id", "endpoint"]).doUpdateSet({ p256dh: sub.p256dh, auth: sub.auth }))
    .execute();
}

/** "Stop notifications": this phone's subscription to this request goes, and what was still waiting for it. */
export async function unsubscribeVisitor(db: Db, link: Pick<StatusLink, "id">, endpoint: string): Promise<number> {
  const subs = await db
    .selectFrom("visitor_push_subscriptions")
    .select("id")
    .where("status_link_id", "=", link.id)
    .where("endpoint", "=", endpoint)
    .execute();
  if (!subs.length) return 0;
  const ids = subs.map((s) => s.id);
  await db
    .deleteFrom("alert_deliveries")
    .where("channel", "=", VISITOR_CHANNEL)
    .where("status", "=", "pending")
    .where("recipient", "in", ids.map(String))
    .execute();
  await db.deleteFrom("visitor_push_subscriptions").where("id", "in", ids).execute();
  return ids.length;
}

/** The call-back the visitor asked for (by phone or on the status page), if any: news may come in the night around it. */
async function askedCallback(db: Db, kind: string, id: number): Promise<string | null> {
  if (kind !== "consultation") return null;
  const row = await db
    .selectFrom("consultation_answers")
    .select(["next_call_at", "next_call_asked"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && Number(row.next_call_asked) === 1 ? (row.next_call_at ?? null) : null;
}

/**
 * Queues `news` of request `kind` #`id` for its subscribed phones, inside the
 * caller's transaction (the one that recorded the event). Answers how many
 * rows were written or coalesced.
 */
export async function scheduleVisitorNews(
  trx: Db,
  request: { kind: string; id: number },
  news: VisitorNews,
  options: { at?: string | null; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  let subscribed = trx
    .selectFrom("visitor_push_subscriptions as s")
    .innerJoin("request_status_links as l", "l.id", "s.status_link_id")
    .select(["s.id", "l.lang"])
    .where("s.request_kind", "=", request.kind)
    .where("s.request_id", "=", request.id)
    .where("l.withdrawn_at", "is", null)
    .orderBy("s.id");
  // Two instances with news of one request at the same instant: on PostgreSQL
  // the second waits here for the first to commit, then sees its row below
  // (each statement reads what is committed) and joins it instead of queuing
  // a second notification. SQLite runs one writing transaction at a time.
  if (isPostgres(trx as unknown as Kysely<unknown>)) subscribed = subscribed.forUpdate("s");
  const subs = await subscribed.execute();
  if (!subs.length) return 0;
  const at = now.toISOString();
  const ofRequest = () =>
    trx
      .selectFrom("alert_deliveries")
      .where("channel", "=", VISITOR_CHANNEL)
      .where("request_kind", "=", request.kind)
      .where("request_id", "=", request.id);
  // "About to call" told in the last 10 minutes (the lead opened, then the
  // number dialled): the visitor knows; a second one would only be noise.
  if (news === "calling") {
    const told = await ofRequest()
      .select("id")
      .where("news", "=", "calling")
      .where("status", "in", ["pending", "delivered"])
      .where("next_attempt_at", ">", new Date(now.getTime() - MIN_GAP_MS).toISOString())
      .executeTakeFirst();
    if (told) return 0;
  }
  // Still waiting to go (not claimed by a worker): the latest news takes its place.
  const coalesced = await trx
    .updateTable("alert_deliveries")
    .set({ news, news_at: options.at ?? null, updated_at: at })
    .where("channel", "=", VISITOR_CHANNEL)
    .where("request_kind", "=", request.kind)
    .where("request_id", "=", request.id)
    .where("status", "=", "pending")
    .where("claim_token", "is", null)
    .executeTakeFirst();
  if (Number(coalesced.numUpdatedRows) > 0) return Number(coalesced.numUpdatedRows);
  const last = await ofRequest()
    .select((eb) => eb.fn.max("next_attempt_at").as("due"))
    .where("status", "in", ["pending", "delivered"])
    .executeTakeFirst();
  const gapEnds = last?.due ? Date.parse(last.due) + MIN_GAP_MS : 0;
  const due = allowedAt(new Date(Math.max(now.getTime(), gapEnds)), await askedCallback(trx, request.kind, request.id));
  const dueIso = due.toISOString();
  await trx
    .insertInto("alert_deliveries")
    .values(
      subs.map((s) => ({
        ...queuedDelivery(
          { channel: VISITOR_CHANNEL, recipient: String(s.id) },
          { kind: request.kind, id: request.id, lang: s.lang, createdAt: at },
          dueIso,
        ),
        created_at: at,
        news,
        news_at: options.at ?? null,
      })),
    )
    .execute();
  return subs.length;
}

/** The visitor's texts are the site's catalogs (locales/<lang>/status.json), not the console's. */
const VISITOR_TEXTS = { titleKey: "status.push.title" } as const;

/**
 * What the phone shows: the kind of news in the request's language and the
 * status link; nothing of the visitor's. "About to call" names the business's
 * own number (read when the message goes: the number can change), so that
 * the call is not taken for an unknown one.
 */
export async function visitorMessage(
  lang: string,
  news: string,
  newsAt: string | null,
  url: string,
  tag: string,
  businessPhone: string,
  texts?: VisitorTexts,
): Promise<PushMessage> {
  const t = texts ?? (await catalogTexts());
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const time = newsAt ? formatSeoul(newsAt) : "";
  return {
    title: t(locale, VISITOR_TEXTS.titleKey),
    body: t(locale, `status.push.news.${news}`, { time, phone: businessPhone }),
    url,
    tag,
  };
}

/**
 * The site's translation (`serverT` of app/i18n/catalog.server.ts). The
 * catalogs are gathered by Vite (`import.meta.glob`), so a plain Node process
 * (server/main.ts, which runs the alerts' worker from source) must be given
 * the bundle's; under Vite and Vitest the catalog module is loaded on first use.
 */
export type VisitorTexts = (locale: Locale, key: string, vars?: Record<string, string | number>) => string;

async function catalogTexts(): Promise<VisitorTexts> {
  return (await import("#app/i18n/catalog.server.ts")).serverT;
}

export interface VisitorDeliveryOptions {
  origin: string;
  secret: string;
  send: (device: PushDevice, message: PushMessage) => Promise<SendResult>;
  /** The site's translation; without it, the catalog module (under Vite or Vitest only). */
  texts?: VisitorTexts;
}

/** One visitor row of the outbox, to its phone; a subscription the push service reports gone is deleted. */
export async function deliverVisitor(db: Kysely<Database>, row: Delivery, options: VisitorDeliveryOptions): Promise<SendResult> {
  const sub = await db
    .selectFrom("visitor_push_subscriptions as s")
    .innerJoin("request_status_links as l", "l.id", "s.status_link_id")
    .select(["s.id", "s.endpoint", "s.p256dh", "s.auth", "l.request_kind", "l.request_id", "l.salt", "l.lang", "l.withdrawn_at"])
    .where("s.id", "=", Number(row.recipient))
    .executeTakeFirst();
  if (!sub || sub.withdrawn_at || !isStatusKind(sub.request_kind))
    return { ok: false, reason: "visitor turned notifications off", gone: true };
  const token = linkToken(options.secret, { request_kind: sub.request_kind, request_id: sub.request_id, salt: sub.salt });
  const url = statusUrl(options.origin, token, sub.lang);
  const { phone } = await businessIdentityOrLast(db);
  const message = await visitorMessage(
    sub.lang,
    row.news ?? "closed",
    row.news_at,
    url,
    `status-${sub.request_kind}-${sub.request_id}`,
    phone,
    options.texts,
  );
  const result = await options.send(sub, message);
  if (!result.ok && result.gone) await db.deleteFrom("visitor_push_subscriptions").where("id", "=", sub.id).execute();
  return result;
}

/**
 * Registers the visitors' push on the process's outbox (server/outbox.ts).
 * `secret` (the app's) makes a visitor's status link again for each
 * notification; `texts` is the site's translation, which a plain Node process
 * gets from the app's bundle (see VisitorTexts).
 */
export function registerVisitorNews(
  outbox: Outbox,
  options: { origin: string; secret: string; vapid: VapidKeys; allowHosts?: readonly string[]; texts?: VisitorTexts },
): void {
  const send = async (device: PushDevice, message: PushMessage) =>
    (await import("#app/outbox/channels/push.server.ts")).sendPushMessage(device, message, options.vapid, {
      allowHosts: options.allowHosts ? [...options.allowHosts] : [],
    });
  outbox.register(VISITOR_CHANNEL, (row) =>
    deliverVisitor(outbox.db, row, { origin: options.origin, secret: options.secret, send, texts: options.texts }),
  );
}
