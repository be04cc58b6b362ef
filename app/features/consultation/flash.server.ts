import { createHmac, timingSafeEqual } from "node:crypto";
import { readCookie } from "#app/i18n/detect.ts";

/**
 * Carries the masked phone from the form's action to the completion page when
 * the form was posted without JavaScript — never in a URL. A short-lived,
 * HMAC-signed, HttpOnly cookie, scoped to the completion page, read once.
 */
export const FLASH_COOKIE = "consultation_done";
const FLASH_PATH = "/loan-consultation-complete";
const FLASH_MAX_AGE_SECONDS = 300;

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(`${FLASH_COOKIE}.${payload}`).digest("base64url");

function attributes(maxAge: number, secure: boolean): string {
  return `Path=${FLASH_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function flashCookie(secret: string, maskedPhone: string, secure: boolean, now = Date.now()): string {
  const payload = b64(JSON.stringify({ p: maskedPhone, e: now + FLASH_MAX_AGE_SECONDS * 1000 }));
  return `${FLASH_COOKIE}=${payload}.${sign(secret, payload)}; ${attributes(FLASH_MAX_AGE_SECONDS, secure)}`;
}

export function clearFlashCookie(secure: boolean): string {
  return `${FLASH_COOKIE}=; ${attributes(0, secure)}`;
}

/** The masked phone of a valid, unexpired flash cookie; null for anything else. */
export function readFlash(request: Request, secret: string, now = Date.now()): string | null {
  const value = readCookie(request.headers.get("cookie"), FLASH_COOKIE);
  if (!value) return null;
  const [payload, signature, ...rest] = value.split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { p?: unknown; e?: unknown };
    if (typeof data.p !== "string" || typeof data.e !== "number" || data.e < now) return null;
    return data.p;
  } catch {
    return null;
  }
}

/** True when the request carries the flash cookie at all (so it is cleared once read). */
export function hasFlash(request: Request): boolean {
  return readCookie(request.headers.get("cookie"), FLASH_COOKIE) !== undefined;
}
