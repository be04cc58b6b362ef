import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { createOutbox } from "#app/outbox/outbox.server.ts";
import { setTextSecret } from "#app/outbox/text.server.ts";
import { createAlerts, type Alerts } from "#app/features/alerts/alerts.server.ts";
import type { AlertConfig } from "#app/features/alerts/config.server.ts";
import { registerVisitorNews, type VisitorTexts } from "#app/features/visitor-news/visitor-push.server.ts";

/**
 * The composition of the one outbox (ADR 0048): one per process, each
 * feature's channel registered on it, one worker for all. The operators'
 * alerts (webhook, e-mail, push), the visitors' push news, and what the
 * caller adds (server/main.ts: the password-link mails from the bundle, the
 * text channel). Answers the alerts, which carry the outbox (`alerts.outbox`)
 * into every request's context.
 */
export function createSending(
  db: Kysely<Database>,
  config: AlertConfig,
  log: Logger,
  options: { secret: string; texts?: VisitorTexts },
): Alerts {
  const outbox = createOutbox(db, log);
  setTextSecret(options.secret);
  const alerts = createAlerts(db, config, log, outbox);
  registerVisitorNews(outbox, {
    origin: config.origin,
    secret: options.secret,
    vapid: config.vapid,
    allowHosts: config.pushAllowHosts,
    texts: options.texts,
  });
  return alerts;
}
