import type { Kysely, Transaction } from "kysely";
import type { Transporter } from "nodemailer";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import type { AlertConfig } from "#app/features/alerts/config.server.ts";
import { buildAlert, type Alert, type AlertEvent } from "#app/features/alerts/message.ts";
import { enabledDevices } from "#app/features/alerts/devices.server.ts";
import { scheduleAlerts, schedulePush, type AlertTargets, type Delivery } from "#app/features/alerts/outbox.server.ts";
import { startAlertWorker, type AlertWorker, type WorkerOptions } from "#app/features/alerts/worker.server.ts";
import { sendWebhook } from "#app/features/alerts/channels/webhook.server.ts";
import { checkSummary } from "#app/requests/check-summary.server.ts";
import type { PushDevice } from "#app/features/alerts/channels/endpoint.server.ts";
import type { SendResult } from "#app/features/alerts/channels/result.ts";
import { deliverVisitor, VISITOR_CHANNEL, type VisitorTexts } from "#app/features/alerts/visitor-push.server.ts";

/**
 * The alerts of one server process: schedules a new request's rows in its
 * transaction, delivers them through the configured channels (worker.server.ts),
 * and sends test alerts. server/main.ts makes one and gives it to the app.
 */
export interface Alerts {
  readonly config: AlertConfig;
  readonly targets: AlertTargets;
  /** Writes the alert rows of a new request inside the request's transaction. */
  schedule(trx: Transaction<Database>, event: AlertEvent): Promise<void>;
  /** Writes Web Push rows for some operators' devices only (a call-back due to its agent), inside the caller's transaction. */
  notify(trx: Transaction<Database>, operatorIds: readonly number[], event: AlertEvent): Promise<void>;
  /** After the commit: tell the worker that rows are waiting. */
  wake(): void;
  /** One delivery row, through its channel. */
  deliver(row: Delivery): Promise<SendResult>;
  /** A test alert straight to one device (the console's test button). */
  sendTestPush(device: PushDevice): Promise<SendResult>;
  /** A test alert straight through every configured channel (npm run alerts:test). */
  testChannels(): Promise<{ channel: string; recipient: string; result: SendResult }[]>;
  /** Starts the delivery worker (the server does; scripts and most tests do not). */
  startWorker(options?: Partial<Omit<WorkerOptions, "db" | "deliver" | "log">>): AlertWorker;
  stop(): Promise<void>;
}

/**
 * `visitor.secret` (the app's secret) makes a visitor's status link again for
 * their notifications (issue 38); without it, visitor rows are given up.
 * `visitor.texts` is the site's translation, which a plain Node process gets
 * from the app's bundle (server/main.ts; see VisitorTexts).
 */
export function createAlerts(
  db: Kysely<Database>,
  config: AlertConfig,
  log: Logger,
  visitor: { secret?: string; texts?: VisitorTexts } = {},
): Alerts {
  const targets: AlertTargets = { webhook: config.webhook !== null, email: config.email?.to ?? [] };
  let transport: Transporter | undefined;
  let worker: AlertWorker | undefined;
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
    const result = await sendPush(device, alert, config.vapid, pushOptions);
    if (!result.ok && result.gone) await db.deleteFrom("push_subscriptions").where("id", "=", subscriptionId).execute();
    return result;
  }

  // The channel libraries load on first use: a server without e-mail never loads nodemailer,
  // and none of them weighs on the memory of a server at rest.
  const emailChannel = () => import("#app/features/alerts/channels/email.server.ts");
  const pushChannel = () => import("#app/features/alerts/channels/push.server.ts");
  const sendPush: typeof import("#app/features/alerts/channels/push.server.ts").sendPush = async (...args) =>
    (await pushChannel()).sendPush(...args);

  const sendPushMessage: typeof import("#app/features/alerts/channels/push.server.ts").sendPushMessage = async (...args) =>
    (await pushChannel()).sendPushMessage(...args);

  function toVisitor(row: Delivery): Promise<SendResult> {
    const secret = visitor.secret;
    if (!secret) return Promise.resolve({ ok: false, reason: "no secret for visitors' links", gone: true });
    return deliverVisitor(db, row, {
      origin: config.origin,
      secret,
      send: (device, message) => sendPushMessage(device, message, config.vapid, pushOptions),
      texts: visitor.texts,
    });
  }

  async function email(to: string, alert: Alert): Promise<SendResult> {
    if (!config.email) return { ok: false, reason: "e-mail is no longer configured", gone: true };
    const { mailTransport, sendEmail } = await emailChannel();
    transport ??= mailTransport(config.email);
    return sendEmail(transport, config.email.from, to, alert, config.lang);
  }

  async function deliver(row: Delivery): Promise<SendResult> {
    if (row.channel === VISITOR_CHANNEL) return toVisitor(row);
    const check = row.request_kind === "consultation" ? await checkSummary(db, row.request_id) : null;
    const alert = alertOf({ kind: row.request_kind, id: row.request_id, lang: row.request_lang, createdAt: row.request_created_at, check });
    switch (row.channel) {
      case "webhook":
        return config.webhook
          ? sendWebhook(config.webhook, alert)
          : { ok: false, reason: "the webhook is no longer configured", gone: true };
      case "email":
        return email(row.recipient, alert);
      case "push":
        return pushTo(Number(row.recipient), alert);
    }
  }

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
    wake: () => worker?.wake(),
    deliver,
    sendTestPush: (device) => sendPush(device, testAlert(), config.vapid, pushOptions),
    async testChannels() {
      const alert = testAlert();
      const out: { channel: string; recipient: string; result: SendResult }[] = [];
      if (config.webhook)
        out.push({ channel: "webhook", recipient: new URL(config.webhook.url).host, result: await sendWebhook(config.webhook, alert) });
      for (const to of targets.email) out.push({ channel: "email", recipient: to, result: await email(to, alert) });
      const devices = await enabledDevices(db).select(["s.id", "o.email"]).execute();
      for (const device of devices)
        out.push({ channel: "push", recipient: `${device.email} #${device.id}`, result: await pushTo(device.id, alert) });
      return out;
    },
    startWorker(options = {}) {
      worker = startAlertWorker({ ...options, db, deliver, log });
      return worker;
    },
    async stop() {
      await worker?.stop();
      transport?.close();
    },
  };
}
