import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createECDH } from "node:crypto";
import type { AlertLang } from "#app/features/alerts/message.ts";

/**
 * The alert channels, each optional, each from the environment (README,
 * "Alerts"; read and checked by server/config.ts). Web Push is always ready (keys are generated on first start when
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

/** What server/config.ts read from the environment, before the Web Push keys are settled. */
export interface AlertSettings extends Omit<AlertConfig, "vapid"> {
  vapid: {
    /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when set (always together). */
    keys: { publicKey: string; privateKey: string } | null;
    /** VAPID_KEYS_FILE, else vapid.json beside the app secret's file. */
    file: string | null;
    appSecretFile: string;
    /** VAPID_SUBJECT, else the origin when it is https, else a placeholder. */
    subject: string | null;
  };
}

function vapidKeys(settings: AlertSettings["vapid"], origin: string): VapidKeys {
  const subject = settings.subject ?? (origin.startsWith("https://") ? origin : "mailto:alerts@localhost.invalid");
  if (settings.keys) return { ...settings.keys, subject };
  // Kept beside the app secret, so every restart (and every device's subscription) keeps working.
  const file = settings.file ?? join(dirname(settings.appSecretFile), "vapid.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { ...stored, subject };
  }
  // A P-256 key pair, base64url: the uncompressed public point and the private scalar (as web-push makes them).
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString("base64url"),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

/** The alert settings with their Web Push keys: given, kept in the file, or generated into it. */
export function alertConfig(settings: AlertSettings): AlertConfig {
  return { ...settings, vapid: vapidKeys(settings.vapid, settings.origin) };
}
