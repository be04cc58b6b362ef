import type { Kysely } from "kysely";
import type { Transporter } from "nodemailer";
import type { Database } from "#db/schema.ts";
import type { AppServices } from "#app/lib/services.server.ts";
import { seal, unseal } from "#app/lib/sealed.server.ts";
import { adminTFor } from "#app/features/console/i18n.server.ts";
import type { AdminLang } from "#app/features/console/i18n.ts";
import { insertDelivery, type Delivery } from "#app/outbox/queue.server.ts";
import type { Outbox } from "#app/outbox/outbox.server.ts";
import type { SendResult } from "#app/outbox/result.ts";
import { mailTransport, sendMail } from "#app/outbox/channels/email.server.ts";

/**
 * Invitation and password-reset links by e-mail (issue 29, ADR 0022), when
 * SMTP_URL is set: the administrator's action queues a row on the outbox
 * (app/outbox/, ADR 0048; channel "link_mail", the link sealed under
 * APP_SECRET in its payload), and the outbox's worker on every instance sends
 * it once, retrying as every channel does, so a mail outage loses nothing.
 * The mail is in the console's language of the administrator who made the
 * link, and carries the link and nothing else personal: no name, no role, not
 * even the address (it is in the To: header). Once sent or given up, the
 * outbox wipes the payload, and the link with it.
 */
export interface LinkMailConfig {
  smtpUrl: string;
  from: string;
}

export interface LinkMail {
  to: string;
  purpose: "invite" | "reset";
  lang: AdminLang;
  link: string;
}

export const LINK_MAIL_CHANNEL = "link_mail";

/** The row's payload: the purpose, a space, the sealed link (the sealed form of before the outbox, ADR 0022). */
export async function queueLinkMail(db: Kysely<Database>, appSecret: string, mail: LinkMail, now = new Date()): Promise<number> {
  return insertDelivery(
    db,
    { channel: LINK_MAIL_CHANNEL, recipient: mail.to },
    { kind: "operator", id: 0, lang: mail.lang, createdAt: now.toISOString() },
    { payload: `${mail.purpose} ${seal(appSecret, "password-link", mail.link)}` },
    now,
  );
}

/** Queues the link's mail when SMTP is configured (services.linkMail), and wakes the worker; answers whether it was queued. */
export async function mailPasswordLink(app: AppServices, mail: LinkMail): Promise<boolean> {
  if (!app.linkMail) return false;
  await queueLinkMail(app.db, app.secret, mail);
  app.linkMail.kick();
  return true;
}

/** The subject and text of a link's mail. */
export function linkMailText(purpose: LinkMail["purpose"], lang: AdminLang, link: string): { subject: string; text: string } {
  const t = adminTFor(lang);
  return { subject: t(`linkMail.subject.${purpose}`), text: t(`linkMail.body.${purpose}`, { link }) };
}

/** One link-mail row, to its operator; a link that no longer opens (another APP_SECRET) is given up. */
export async function deliverLinkMail(
  row: Delivery,
  options: { appSecret: string; transport: Transporter; from: string },
): Promise<SendResult> {
  const [purpose, sealed] = (row.payload ?? "").split(" ");
  const link = sealed ? unseal(options.appSecret, "password-link", sealed) : null;
  if (!link || (purpose !== "invite" && purpose !== "reset")) return { ok: false, reason: "unopened", gone: true };
  const lang: AdminLang = row.request_lang === "en" ? "en" : "ko";
  return sendMail(options.transport, { from: options.from, to: row.recipient, ...linkMailText(purpose, lang, link) });
}

/** Registers the link mails on the process's outbox (server/main.ts, from the bundle: the texts are the console's JSON catalogs). */
export function registerLinkMail(outbox: Outbox, config: LinkMailConfig, appSecret: string): { kick: () => void } {
  let transport: Transporter | undefined;
  outbox.register(
    LINK_MAIL_CHANNEL,
    (row) => deliverLinkMail(row, { appSecret, transport: (transport ??= mailTransport(config)), from: config.from }),
    () => transport?.close(),
  );
  return { kick: () => outbox.wake() };
}
