import type { Kysely, Transaction } from "kysely";
import type { Transporter } from "nodemailer";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import type { AlertConfig } from "#app/features/alerts/config.server.ts";
import { alertEmail, buildAlert, type Alert, type AlertEvent } from "#app/features/alerts/message.ts";
import { enabledDevices } from "#app/features/alerts/devices.server.ts";
import { scheduleAlerts, schedulePush, type AlertTargets } from "#app/features/alerts/schedule.server.ts";
import { createOutbox, type Outbox } from "#app/outbox/outbox.server.ts";
import type { Delivery } from "#app/outbox/queue.server.ts";
import type { OutboxWorker, WorkerOptions } from "#app/outbox/worker.server.ts";
import { sendWebhook } from "#app/outbox/channels/webhook.server.ts";
import { checkSummary } from "#app/requests/check-summary.server.ts";
import type { PushDevice, PushMessage } from "#app/outbox/channels/push.server.ts";
import type { SendResult } from "#app/outbox/result.ts";

/**
 * The operators' alerts of one server process: schedules a new request's rows
 * in its transaction, and registers the delivery of its three channels
 * (webhook, e-mail, Web Push to operators' devices) on the process's outbox
 * (app/outbox/, ADR 0048), whose one worker delivers every feature's rows;
 * sends test alerts. server/outbox.ts makes one and gives it to the app.
 */
export interface Alerts {
  readonly config: AlertConfig;
  readonly targets: AlertTargets;
  /** Writes the alert rows of a new request inside the request's transaction. */
  schedule(trx: Transaction<Database>, event: AlertEvent): Promise<void>;
  /** Writes Web Push rows for some operators' devices only (a call-back due to its agent), inside the caller's transaction. */
  notify(trx: Transaction<Database>, operatorIds: readonly number[], event: AlertEvent): Promise<void>;
  /** The process's outbox, which the other features' channels join (server/outbox.ts). */
  readonly outbox: Outbox;
  /** After the commit: tell the outbox's worker that rows are waiting. */
  wake(): void;
  /** One delivery row, through its channel (any channel registered on the outbox). */
  deliver(row: Delivery): Promise<SendResult>;
  /** A test alert straight to one device (the console's test button). */
  sendTestPush(device: PushDevice): Promise<SendResult>;
  /** A test alert straight through every configured channel (npm run alerts:test). */
  testChannels(): Promise<{ channel: string; recipient: string; result: SendResult }[]>;
  /** Starts the outbox's worker (the server does; scripts and most tests do not). */
  startWorker(options?: Partial<Omit<WorkerOptions, "db" | "deliver" | "log">>): OutboxWorker;
  stop(): Promise<void>;
}

/** An operator's alert as its service worker shows it: no personal data, a link into the console. */
function alertPush(alert: Alert): PushMessage {
  return { title: alert.title, body: alert.body, url: alert.url, tag: `${alert.kind}-${alert.id}` };
}

/**
 * The webhook's body: `{event, kind, id, lang, created_at, url, text}`; `text`
 * is one line, so a Slack, Mattermost or Discord-compatible incoming webhook
 * shows it as it is.
 */
function webhookBody(alert: Alert) {
  const { event, kind, id, lang, created_at, url, text } = alert;
  return { event, kind, id, lang, created_at, url, text };
}

/** `outbox`: the process's (server/outbox.ts); without it, one of the alerts' own (tests, scripts). */
export function createAlerts(db: Kysely<Database>, config: AlertConfig, log: Logger, outbox: Outbox = createOutbox(db, log)): Alerts {
  const targets: AlertTargets = { webhook: config.webhook !== null, email: config.email?.to ?? [] };
  let transport: Transporter | undefined;
  const alertOf = (event: AlertEvent): Alert => buildAlert(event, { origin: config.origin, lang: config.lang });
  const pushOptions = { allowHosts: config.pushAllowHosts };

  async function pushTo(subscriptionId: number, alert: Alert): Promise<SendResult> {
    const device = await db
      .selectFrom("push_subscriptions as s")
      .innerJoin("admin_operators as o", "o.id", "s.operator_id")
      .select(["s.endpoint", "s.p256dh", "s.auth", "o.disabled_at"])
      .where("s.id", "=", subscriptionId)
      .executeTakeFirst();
    if (!device) return { ok: false, reason: "device turned alerts off", gone: true };
    if (device.disabled_at) return { ok: false, reason: "operator disabled", gone: true };
    const result = await sendPushMessage(device, alertPush(alert), config.vapid, pushOptions);
    if (!result.ok && result.gone) await db.deleteFrom("push_subscriptions").where("id", "=", subscriptionId).execute();
    return result;
  }

  // The channel libraries load on first use: a server without e-mail never loads nodemailer,
  // and none of them weighs on the memory of a server at rest.
  const emailChannel = () => import("#app/outbox/channels/email.server.ts");
  const sendPushMessage: typeof import("#app/outbox/channels/push.server.ts").sendPushMessage = async (...args) =>
    (await import("#app/outbox/channels/push.server.ts")).sendPushMessage(...args);

  async function email(to: string, alert: Alert): Promise<SendResult> {
    if (!config.email) return { ok: false, reason: "e-mail is no longer configured", gone: true };
    const { mailTransport, sendMail } = await emailChannel();
    transport ??= mailTransport(config.email);
    const mail = alertEmail(alert, config.lang);
    return sendMail(transport, { from: config.email.from, to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  async function deliver(row: Delivery): Promise<SendResult> {
    const check = row.request_kind === "consultation" ? await checkSummary(db, row.request_id) : null;
    const alert = alertOf({ kind: row.request_kind, id: row.request_id, lang: row.request_lang, createdAt: row.request_created_at, check });
    switch (row.channel) {
      case "webhook":
        return config.webhook
          ? sendWebhook(config.webhook, webhookBody(alert))
          : { ok: false, reason: "the webhook is no longer configured", gone: true };
      case "email":
        return email(row.recipient, alert);
      case "push":
        return pushTo(Number(row.recipient), alert);
      default:
        return { ok: false, reason: `not an alert channel: ${row.channel}`, gone: true };
    }
  }
  outbox.register("webhook", deliver);
  outbox.register("push", deliver);
  outbox.register("email", deliver, () => transport?.close());

  const testAlert = () => alertOf({ kind: "test", id: 0, lang: config.lang, createdAt: new Date().toISOString() });

  return {
    config,
    targets,
    async schedule(trx, event) {
      await scheduleAlerts(trx, targets, event);
    },
    async notify(trx, operatorIds, event) {
      await schedulePush(trx, operatorIds, event);
    },
    outbox,
    wake: () => outbox.wake(),
    deliver: (row) => outbox.deliver(row),
    sendTestPush: (device) => sendPushMessage(device, alertPush(testAlert()), config.vapid, pushOptions),
    async testChannels() {
      const alert = testAlert();
      const out: { channel: string; recipient: string; result: SendResult }[] = [];
      if (config.webhook)
        out.push({
          channel: "webhook",
          recipient: new URL(config.webhook.url).host,
          result: await sendWebhook(config.webhook, webhookBody(alert)),
        });
      for (const to of targets.email) out.push({ channel: "email", recipient: to, result: await email(to, alert) });
      const devices = await enabledDevices(db).select(["s.id", "o.email"]).execute();
      for (const device of devices)
        out.push({ channel: "push", recipient: `${device.email} #${device.id}`, result: await pushTo(device.id, alert) });
      return out;
    },
    startWorker: (options) => outbox.startWorker(options),
    stop: () => outbox.stop(),
  };
}
