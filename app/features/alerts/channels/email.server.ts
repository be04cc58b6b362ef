import nodemailer, { type Transporter } from "nodemailer";
import { alertEmail, type Alert, type AlertLang } from "#app/features/alerts/message.ts";
import { SEND_TIMEOUT_MS } from "#app/features/alerts/policy.ts";
import type { SendResult } from "#app/features/alerts/channels/result.ts";

/** E-mail through any SMTP server (SMTP_URL: smtp:// or smtps://user:pass@host:port). */
interface EmailTarget {
  smtpUrl: string;
  from: string;
}

export function mailTransport(target: EmailTarget): Transporter {
  return nodemailer.createTransport({
    url: target.smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

export function sendEmail(transport: Transporter, from: string, to: string, alert: Alert, lang: AlertLang): Promise<SendResult> {
  const mail = alertEmail(alert, lang);
  return sendMail(transport, { from, to, subject: mail.subject, text: mail.text, html: mail.html });
}

/** One message, one attempt, within SEND_TIMEOUT_MS (with margin); the failure's reason names no address. */
export async function sendMail(
  transport: Transporter,
  message: { from: string; to: string; subject: string; text: string; html?: string },
): Promise<SendResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    // One attempt, however slow the server: within SEND_TIMEOUT_MS (with margin) or it failed.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error("timeout"), { code: "timeout" })), SEND_TIMEOUT_MS * 1.5);
    });
    await Promise.race([transport.sendMail(message), timeout]);
    return { ok: true };
  } catch (error) {
    const e = error as { responseCode?: number; code?: string; message?: string };
    const reason = e.responseCode ? `SMTP ${e.responseCode}` : e.code ? `SMTP ${e.code}` : "SMTP error";
    return { ok: false, reason };
  } finally {
    clearTimeout(timer);
  }
}
