import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets at rest (issue 29, point 3; ADR 0022): what would sign someone in or
 * speak for the site if a copy of the database or of the data folder leaked
 * (an operator's authenticator secret, the Web Push private key) is stored
 * encrypted with AES-256-GCM under a key derived from APP_SECRET, which is
 * kept apart from the database (the environment, or its own file). A copy
 * of the database alone then signs no one in.
 *
 *   sealed:<base64url( version | iv (12) | ciphertext | tag (16) )>
 *
 * Version 1: key = HKDF-SHA256(APP_SECRET, salt "loan-guide-korea sealed", info
 * "v1"), a random 96-bit IV per value, and the value's purpose ("totp",
 * "vapid") as additional data, so a sealed value cannot be moved to another
 * use. The version byte lets a later scheme or key derivation sit beside
 * this one; a new APP_SECRET re-seals every value (`npm run secrets:rotate`).
 */
export type SealPurpose = "totp" | "vapid" | "password-link" | "text";

const PREFIX = "sealed:";
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const keys = new Map<string, Buffer>();

function keyOf(appSecret: string, version: number): Buffer {
  const id = `${version}\0${appSecret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", appSecret, "loan-guide-korea sealed", `v${version}`, 32));
    keys.set(id, key);
  }
  return key;
}

/** True when the stored value is sealed (not a clear value from before sealing). */
export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

export function seal(appSecret: string, purpose: SealPurpose, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(appSecret, VERSION), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The clear value; null for anything not sealed by this secret for this purpose (tampered, another secret, clear text). */
export function unseal(appSecret: string, purpose: SealPurpose, sealed: string): string | null {
  if (!isSealed(sealed)) return null;
  const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(appSecret, bytes[0]), bytes.subarray(1, 1 + IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
