import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { createOutbox } from "#app/outbox/outbox.server.ts";
import { maskPhone, queueText, setTextSecret } from "#app/outbox/text.server.ts";
import { KOREAN_MOBILE } from "#app/requests/phone.ts";
import { registerTexts, sendTestText, type Translate } from "#app/outbox/text/channel.server.ts";
import { createSolapi } from "#app/outbox/text/solapi.server.ts";
import type { TextProvider } from "#app/outbox/text/provider.ts";
import { isLocale, DEFAULT_LOCALE } from "#app/i18n/locales.ts";
import { statusUrl } from "#app/requests/status-link.server.ts";
import { isDoNotContact } from "#app/requests/do-not-contact.server.ts";
import type { RequestAlerts } from "#app/requests/record.server.ts";
import type { TextConfig } from "#server/config.ts";
import { createAlerts, type Alerts } from "#app/features/alerts/alerts.server.ts";
import type { AlertConfig } from "#app/features/alerts/config.server.ts";
import { registerVisitorNews, type VisitorTexts } from "#app/features/visitor-news/visitor-push.server.ts";

/**
 * The composition of the one outbox (ADR 0048): one per process, each
 * feature's channel registered on it, one worker for all. The operators'
 * alerts (webhook, e-mail, push), the visitors' push news, and what the
 * caller adds (server/main.ts: the password-link mails from the bundle), and
 * the text channel when SOLAPI is configured (issue 49): then a new request
 * with a mobile number queues its status link by 알림톡 or text
 * (`textStatusLink`, called by recordRequest). Answers the alerts, which
 * carry the outbox (`alerts.outbox`) into every request's context.
 */
export type Sending = Alerts & Pick<RequestAlerts, "textStatusLink"> & { readonly textProvider: TextProvider | null };

export function createSending(
  db: Kysely<Database>,
  config: AlertConfig,
  log: Logger,
  options: { secret: string; texts?: VisitorTexts; text?: TextConfig | null; textProvider?: TextProvider; textTestTo?: string },
): Sending {
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
  const text = options.text ?? null;
  if (!text) return Object.assign(alerts, { textProvider: null });
  const provider = options.textProvider ?? createSolapi(text.solapi);
  registerTexts(outbox, { provider, settings: text.settings, secret: options.secret, log, texts: options.texts as Translate | undefined });
  const textStatusLink: NonNullable<RequestAlerts["textStatusLink"]> = async (trx, request, phone, statusToken) => {
    const to = phone.replace(/\D/g, "");
    if (!KOREAN_MOBILE.test(to) || (await isDoNotContact(trx, to, request))) return;
    const locale = isLocale(request.lang) ? request.lang : DEFAULT_LOCALE;
    await queueText(
      trx,
      { kind: "status_link", to, locale, params: { link: statusUrl(config.origin, statusToken, locale) }, request },
      request.now,
    );
  };
  // The test send (npm run alerts:test, the go-live check) tries the text channel too: one SMS to
  // `textTestTo`, else the sender number, the business's own (a landline cannot take it).
  const testChannels = alerts.testChannels;
  return Object.assign(alerts, {
    textStatusLink,
    textProvider: provider,
    async testChannels() {
      const results = await testChannels();
      const to = options.textTestTo ?? text.settings.from;
      return [...results, { channel: "text", recipient: maskPhone(to), result: await sendTestText(provider, text.settings, to) }];
    },
  });
}
