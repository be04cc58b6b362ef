import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The session's cryptography: a session token is 32 random bytes, stored only
 * as its SHA-256; a form token (CSRF) is an HMAC of that hash with the app's
 * secret, compared in constant time.
 */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function csrfFor(secret: string, tokenHash: string): string {
  return createHmac("sha256", secret).update(`admin-csrf:${tokenHash}`).digest("base64url");
}

/** True when `value` is the expected form token (constant-time). */
export function csrfEquals(expected: string, value: unknown): boolean {
  if (typeof value !== "string") return false;
  const a = Buffer.from(value);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
