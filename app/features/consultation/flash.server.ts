import { FLASH_COOKIE } from "#app/lib/cookie-names.ts";
import { clearCookie, FLASH_MAX_AGE_SECONDS, flashCookie, hasCookie, setCookie } from "#app/lib/cookies.server.ts";

/**
 * Carries the masked phone from the form's action to the completion page when
 * the form was posted without JavaScript — never in a URL. A short-lived,
 * signed, HttpOnly cookie, scoped to the completion page, read once (the
 * cookie itself: app/lib/cookies.server.ts). The expiry is also inside the
 * signed value, so an old cookie replayed later is refused.
 */
interface Flash {
  /** The masked phone. */
  p: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

/** The Set-Cookie header carrying the masked phone. */
export function writeFlash(secret: string, maskedPhone: string, secure: boolean, now = Date.now()): Promise<string> {
  const flash: Flash = { p: maskedPhone, e: now + FLASH_MAX_AGE_SECONDS * 1000 };
  return setCookie(flashCookie(secret), flash, secure);
}

export function clearFlash(secret: string, secure: boolean): Promise<string> {
  return clearCookie(flashCookie(secret), secure);
}

/** The masked phone of a valid, unexpired flash cookie; null for anything else (a cookie of the earlier format included). */
export async function readFlash(request: Request, secret: string, now = Date.now()): Promise<string | null> {
  const data: unknown = await flashCookie(secret).parse(request.headers.get("cookie"));
  if (typeof data !== "object" || data === null) return null;
  const { p, e } = data as Partial<Record<keyof Flash, unknown>>;
  return typeof p === "string" && typeof e === "number" && e >= now ? p : null;
}

/** True when the request carries the flash cookie at all (so it is cleared once read). */
export function hasFlash(request: Request): boolean {
  return hasCookie(request.headers.get("cookie"), FLASH_COOKIE);
}
