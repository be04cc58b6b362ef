import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createECDH } from "node:crypto";
import type { AlertLang } from "#app/features/alerts/message.ts";
import { isSealed, seal, unseal } from "#app/lib/sealed.server.ts";
import { createFileOnce } from "#app/lib/file-once.server.ts";
import type { VapidKeys } from "#app/outbox/channels/push.server.ts";

/**
 * The alert channels, each optional, each from the environment (README,
 * "Alerts"; read and checked by server/config.ts). Web Push is always ready (keys are generated on first start when
 * none are set); e-mail needs SMTP_URL and ALERT_EMAIL_TO; the webhook needs
 * ALERT_WEBHOOK_URL.
 */
export type { VapidKeys };

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
    /** APP_SECRET: the private key is kept in the file sealed under it (app/lib/sealed.server.ts). */
    appSecret: string;
    /** VAPID_SUBJECT, else the origin when it is https, else a placeholder. */
    subject: string | null;
  };
}

function vapidKeys(settings: AlertSettings["vapid"], origin: string): VapidKeys {
  const subject = settings.subject ?? (origin.startsWith("https://") ? origin : "mailto:alerts@localhost.invalid");
  if (settings.keys) return { ...settings.keys, subject };
  // Kept beside the app secret, so every restart (and every device's subscription) keeps working.
  const file = vapidFileOf(settings);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    if (!isSealed(stored.privateKey)) {
      // Kept in clear before issue 29: sealed now, once.
      writeVapidFile(file, stored, settings.appSecret);
      return { ...stored, subject };
    }
    const privateKey = unseal(settings.appSecret, "vapid", stored.privateKey);
    if (!privateKey) throw new Error(`${file}: its private key does not open with APP_SECRET (changed without npm run secrets:rotate?)`);
    return { publicKey: stored.publicKey, privateKey, subject };
  }
  // A P-256 key pair, base64url: the uncompressed public point and the private scalar (as web-push makes them).
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString("base64url"),
  };
  // Another process may make the file at the same moment: then its keys are the ones kept.
  if (!createFileOnce(file, vapidFileContent(keys, settings.appSecret))) return vapidKeys(settings, origin);
  return { ...keys, subject };
}

function vapidFileContent(keys: { publicKey: string; privateKey: string }, appSecret: string): string {
  return JSON.stringify({ publicKey: keys.publicKey, privateKey: seal(appSecret, "vapid", keys.privateKey) });
}

/** The Web Push keys' file: the public key as it is, the private key sealed under APP_SECRET. */
export function writeVapidFile(file: string, keys: { publicKey: string; privateKey: string }, appSecret: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, vapidFileContent(keys, appSecret), {
    mode: 0o600,
  });
}

/** Where the Web Push keys' file is (VAPID_KEYS_FILE, else vapid.json beside the app secret's file). */
export function vapidFileOf(settings: { file: string | null; appSecretFile: string }): string {
  return settings.file ?? join(dirname(settings.appSecretFile), "vapid.json");
}

/** The alert settings with their Web Push keys: given, kept in the file, or generated into it. */
export function alertConfig(settings: AlertSettings): AlertConfig {
  return { ...settings, vapid: vapidKeys(settings.vapid, settings.origin) };
}
