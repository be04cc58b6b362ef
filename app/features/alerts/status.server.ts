import type { Kysely } from "kysely";
import type { AlertChannel, AlertStatus, Database } from "#db/schema.ts";
import { REQUEST_KINDS } from "#app/requests/kinds.ts";
import { REQUEST_TABLES } from "#app/requests/tables.server.ts";
import { addDays, daysBetween, formatSeoul, seoulDay, seoulDayStart } from "#app/lib/seoul-time.ts";
import type { Alerts } from "#app/features/alerts/alerts.server.ts";
import { enabledDevices } from "#app/features/alerts/devices.server.ts";
import { FAILING_WARNING_MS } from "#app/outbox/policy.ts";

/**
 * What the console shows of the alerts: each channel's recent deliveries and
 * whether it is failing, and the business's own figure, the time from a
 * request's arrival to its first opening.
 */
type Db = Kysely<Database>;
const ALERT_CHANNELS: readonly AlertChannel[] = ["push", "email", "webhook"];
const RECENT_PER_CHANNEL = 10;

export interface DeliveryView {
  id: number;
  written: string;
  requestKind: string;
  requestId: number;
  recipient: string;
  status: AlertStatus;
  attempts: number;
  /** Delivered at, or the next attempt (KST). */
  at: string;
  reason: string;
}

export interface ChannelView {
  channel: AlertChannel;
  configured: boolean;
  /** The e-mail recipients, the webhook's host, or the number of devices. */
  target: string;
  /** Since when it has been failing without a delivery (KST), if it is. */
  failingSince: string | null;
  recent: DeliveryView[];
}

/**
 * Since when a channel has been failing: the first failure of a row still
 * undelivered (retrying, or given up in the last day) after the channel's
 * last successful delivery. Null when it is not failing.
 */
async function failingSinceOf(db: Db, channel: AlertChannel, now: Date): Promise<string | null> {
  const lastOk = await db
    .selectFrom("alert_deliveries")
    .select((eb) => eb.fn.max("delivered_at").as("at"))
    .where("channel", "=", channel)
    .where("status", "=", "delivered")
    .executeTakeFirst();
  let query = db
    .selectFrom("alert_deliveries")
    .select((eb) => eb.fn.min("first_failed_at").as("since"))
    .where("channel", "=", channel)
    .where("status", "in", ["pending", "failed"])
    .where("first_failed_at", "is not", null)
    .where("updated_at", ">", new Date(now.getTime() - 24 * 3600_000).toISOString());
  if (lastOk?.at) query = query.where("first_failed_at", ">", lastOk.at);
  const row = await query.executeTakeFirst();
  return row?.since ?? null;
}

/** Channels failing for longer than FAILING_WARNING_MS, with the minutes: the inbox's warning. */
export async function failingChannels(db: Db, now = new Date()): Promise<{ channel: AlertChannel; minutes: number }[]> {
  const out: { channel: AlertChannel; minutes: number }[] = [];
  for (const channel of ALERT_CHANNELS) {
    const since = await failingSinceOf(db, channel, now);
    const ms = since ? now.getTime() - Date.parse(since) : 0;
    if (ms > FAILING_WARNING_MS) out.push({ channel, minutes: Math.floor(ms / 60_000) });
  }
  return out;
}

export async function channelOverview(db: Db, alerts: Pick<Alerts, "config">, now = new Date()): Promise<ChannelView[]> {
  const { config } = alerts;
  const devices = await enabledDevices(db)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  const targets: Record<AlertChannel, { configured: boolean; target: string }> = {
    push: { configured: true, target: String(Number(devices?.n ?? 0)) },
    email: { configured: config.email !== null, target: config.email?.to.join(", ") ?? "" },
    webhook: { configured: config.webhook !== null, target: config.webhook ? new URL(config.webhook.url).host : "" },
  };
  const out: ChannelView[] = [];
  for (const channel of ALERT_CHANNELS) {
    const rows = await db
      .selectFrom("alert_deliveries as d")
      .leftJoin("push_subscriptions as s", (j) =>
        j.on("d.channel", "=", "push").on((eb) => eb(eb.cast("s.id", "varchar(32)"), "=", eb.ref("d.recipient"))),
      )
      .leftJoin("admin_operators as o", "o.id", "s.operator_id")
      .select([
        "d.id",
        "d.created_at",
        "d.request_kind",
        "d.request_id",
        "d.recipient",
        "d.status",
        "d.attempts",
        "d.next_attempt_at",
        "d.delivered_at",
        "d.last_error",
        "o.email as device_owner",
      ])
      .where("d.channel", "=", channel)
      .orderBy("d.id", "desc")
      .limit(RECENT_PER_CHANNEL)
      .execute();
    const since = await failingSinceOf(db, channel, now);
    out.push({
      channel,
      ...targets[channel],
      failingSince: since ? formatSeoul(since) : null,
      recent: rows.map((r) => ({
        id: r.id,
        written: formatSeoul(r.created_at),
        requestKind: r.request_kind,
        requestId: r.request_id,
        // A device is shown by its operator, never by its push endpoint.
        recipient: channel === "push" ? (r.device_owner ?? "–") : channel === "webhook" ? targets.webhook.target : r.recipient,
        status: r.status,
        attempts: r.attempts,
        at: formatSeoul(r.status === "delivered" ? (r.delivered_at ?? r.created_at) : r.next_attempt_at),
        reason: r.last_error ?? "",
      })),
    });
  }
  return out;
}

export interface ResponseDay {
  day: string;
  requests: number;
  opened: number;
  /** Median minutes from arrival to first opening, of the opened ones. */
  medianMinutes: number | null;
}

const RESPONSE_DAYS = 14;

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Per Seoul day of arrival, the last 14 days (today first): how fast requests were first opened. */
export async function responseTimes(db: Db, now = new Date()): Promise<ResponseDay[]> {
  const today = seoulDay(now);
  const from = addDays(today, -(RESPONSE_DAYS - 1));
  const start = seoulDayStart(from).toISOString();
  const byDay = new Map<string, { requests: number; minutes: number[] }>(
    daysBetween(from, today).map((d) => [d, { requests: 0, minutes: [] }]),
  );
  for (const kind of REQUEST_KINDS) {
    const rows = await db
      .selectFrom(REQUEST_TABLES[kind])
      .select(["created_at", "first_opened_at"])
      .where("created_at", ">=", start)
      .execute();
    for (const row of rows) {
      const day = byDay.get(seoulDay(row.created_at));
      if (!day) continue;
      day.requests++;
      if (row.first_opened_at) day.minutes.push(Math.max(0, (Date.parse(row.first_opened_at) - Date.parse(row.created_at)) / 60_000));
    }
  }
  return [...byDay].map(([day, v]) => ({ day, requests: v.requests, opened: v.minutes.length, medianMinutes: median(v.minutes) }));
}
