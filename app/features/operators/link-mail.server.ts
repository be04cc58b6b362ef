import type { Kysely } from "kysely";
import type { Transporter } from "nodemailer";
import type { Database } from "#db/schema.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import type { AppServices } from "#app/lib/services.server.ts";
import { seal, unseal } from "#app/lib/sealed.server.ts";
import { adminTFor } from "#app/features/console/i18n.server.ts";
import type { AdminLang } from "#app/features/console/i18n.ts";
import { CLAIM_LEASE_MS, POLL_MS, nextAttemptAt } from "#app/features/alerts/policy.ts";
import { mailTransport, sendMail } from "#app/features/alerts/channels/email.server.ts";

/**
 * Invitation and password-reset links by e-mail (issue 29, ADR 0022), when
 * SMTP_URL is set: the administrator's action writes a row to an outbox (the
 * link sealed under APP_SECRET), and a worker on every instance sends it,
 * claiming each row under a lease, retrying as alerts do, so a mail outage
 * loses nothing. The mail is in the console's language of the administrator
 * who made the link, and carries the link and nothing else personal: no name,
 * no role, not even the address (it is in the To: header). Once sent or
 * given up, the link is deleted from the row.
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

export async function queueLinkMail(db: Kysely<Database>, appSecret: string, mail: LinkMail, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("password_link_mails")
    .values({
      recipient: mail.to,
      purpose: mail.purpose,
      lang: mail.lang,
      sealed_link: seal(appSecret, "password-link", mail.link),
      next_attempt_at: at,
      claimed_until: null,
      sent_at: null,
      failed_at: null,
      last_error: null,
      created_at: at,
    })
    .execute();
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

/** Sends the due mails once (each claimed by one worker); answers how many went. */
export async function deliverLinkMails(
  db: Kysely<Database>,
  options: { appSecret: string; transport: Transporter; from: string; log?: Logger; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const due = await db
    .selectFrom("password_link_mails")
    .selectAll()
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .where("next_attempt_at", "<=", at)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
    .orderBy("id")
    .limit(10)
    .execute();
  let sent = 0;
  for (const row of due) {
    const claimed = await db
      .updateTable("password_link_mails")
      .set({ claimed_until: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(), attempts: row.attempts + 1 })
      .where("id", "=", row.id)
      .where("attempts", "=", row.attempts)
      .where("sent_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const link = row.sealed_link ? unseal(options.appSecret, "password-link", row.sealed_link) : null;
    const result = link
      ? await sendMail(options.transport, { from: options.from, to: row.recipient, ...linkMailText(row.purpose, row.lang, link) })
      : { ok: false as const, reason: "unopened" };
    const error = result.ok ? null : result.reason;
    if (!error) {
      await db
        .updateTable("password_link_mails")
        .set({ sent_at: at, sealed_link: null, claimed_until: null, last_error: null })
        .where("id", "=", row.id)
        .execute();
      options.log?.info("admin.link_mail_sent", { id: row.id, purpose: row.purpose });
      sent += 1;
      continue;
    }
    const next = link ? nextAttemptAt(row.attempts + 1, row.created_at, now) : null;
    await db
      .updateTable("password_link_mails")
      .set(
        next
          ? { next_attempt_at: next.toISOString(), claimed_until: null, last_error: error }
          : { failed_at: at, sealed_link: null, claimed_until: null, last_error: error },
      )
      .where("id", "=", row.id)
      .execute();
    options.log?.warn("admin.link_mail_failed", { id: row.id, reason: error, retry: next !== null });
  }
  return sent;
}

export type LinkMailer = ReturnType<typeof startLinkMailer>;

/** The worker: every POLL_MS, and at once when kicked (a link was just queued on this instance). */
export function startLinkMailer(db: Kysely<Database>, config: LinkMailConfig, appSecret: string, log: Logger) {
  const transport = mailTransport(config);
  let running: Promise<unknown> | null = null;
  const round = () => {
    running ??= deliverLinkMails(db, { appSecret, transport, from: config.from, log })
      .catch((error: unknown) =>
        log.warn("admin.link_mail_round_failed", { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => (running = null));
  };
  const timer = setInterval(round, POLL_MS);
  timer.unref();
  return {
    kick: round,
    async stop() {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
