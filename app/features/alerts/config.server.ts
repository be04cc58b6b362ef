import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createECDH } from "node:crypto";
import { hostList } from "#app/lib/outbound.server.ts";
import type { AlertLang } from "#app/features/alerts/message.ts";

/**
 * The alert channels, each optional, each from the environment (README,
 * "Alerts"). Web Push is always ready (keys are generated on first start when
 * none are set); e-mail needs SMTP_URL and ALERT_EMAIL_TO; the webhook needs
 * ALERT_WEBHOOK_URL.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface AlertConfig {
  /** Origin of the console links in alerts. */
  origin: string;
  lang: AlertLang;
  webhook: { url: string; secret: string } | null;
  email: { smtpUrl: string; to: string[]; from: string } | null;
  vapid: VapidKeys;
  /** Tests only: push endpoints that may be local and plain http. */
  pushAllowHosts: string[];
}

export class AlertConfigError extends Error {}

function vapidKeys(env: NodeJS.ProcessEnv, origin: string): VapidKeys {
  const subject = env.VAPID_SUBJECT || (origin.startsWith("https://") ? origin : "mailto:alerts@localhost.invalid");
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) throw new AlertConfigError("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  // Kept beside the app secret, so every restart (and every device's subscription) keeps working.
  const file = env.VAPID_KEYS_FILE ?? join(dirname(env.APP_SECRET_FILE ?? "./data/secret.key"), "vapid.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { ...stored, subject };
  }
  // A P-256 key pair, base64url: the uncompressed public point and the private scalar (as web-push makes them).
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  const keys = { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString("base64url") };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

function list(value: string | undefined): string[] {
  return (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}

export function readAlertConfig(env: NodeJS.ProcessEnv = process.env): AlertConfig {
  const origin = (env.PUBLIC_ORIGIN || `http://localhost:${env.PORT || 3000}`).replace(/\/$/, "");
  const to = list(env.ALERT_EMAIL_TO);
  if (env.ALERT_WEBHOOK_URL && !/^https?:\/\//.test(env.ALERT_WEBHOOK_URL)) throw new AlertConfigError("ALERT_WEBHOOK_URL must start with http:// or https://");
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) throw new AlertConfigError("SMTP_URL must start with smtp:// or smtps://");
  return {
    origin,
    lang: env.ALERT_LANG === "en" ? "en" : "ko",
    webhook: env.ALERT_WEBHOOK_URL ? { url: env.ALERT_WEBHOOK_URL, secret: env.ALERT_WEBHOOK_SECRET ?? "" } : null,
    email: env.SMTP_URL && to.length ? { smtpUrl: env.SMTP_URL, to, from: env.ALERT_EMAIL_FROM || "K-Loan Guide <alerts@localhost.invalid>" } : null,
    vapid: vapidKeys(env, origin),
    pushAllowHosts: hostList(env.PUSH_ALLOW_HOSTS),
  };
}
