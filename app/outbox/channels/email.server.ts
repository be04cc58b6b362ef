import nodemailer, { type Transporter } from "nodemailer";
import { SEND_TIMEOUT_MS } from "#app/outbox/policy.ts";
import type { SendResult } from "#app/outbox/result.ts";

/** E-mail through any SMTP server (SMTP_URL: smtp:// or smtps://user:pass@host:port): a plain message, no feature's shape. */
export interface EmailTarget {
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
