import { FLASH_COOKIE } from "#app/lib/cookie-names.ts";
import { clearCookie, FLASH_MAX_AGE_SECONDS, FLASH_PATH, flashCookie, hasCookie, setCookie } from "#app/lib/cookies.server.ts";

/**
 * Carries what a completion page shows of the visitor's own request — the
 * masked phone, the private status link (issue 28) — from a form's action to
 * the page when the form was posted without JavaScript; never in a URL. A
 * short-lived, signed, HttpOnly cookie, scoped to that completion page, read
 * once (the cookie itself: app/lib/cookies.server.ts). The expiry is also
 * inside the signed value, so an old cookie replayed later is refused.
 */
interface Flash {
  /** The masked phone (the consultation's page only). */
  p?: string;
  /** The status page's path, with its token. */
  s?: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

export interface FlashContent {
  maskedPhone?: string;
  statusPath?: string;
}

/** The Set-Cookie header carrying `content` to the completion page at `path`. */
export function writeFlash(secret: string, content: FlashContent, secure: boolean, now = Date.now(), path = FLASH_PATH): Promise<string> {
  const flash: Flash = { p: content.maskedPhone, s: content.statusPath, e: now + FLASH_MAX_AGE_SECONDS * 1000 };
  return setCookie(flashCookie(secret, path), flash, secure);
}

export function clearFlash(secret: string, secure: boolean, path = FLASH_PATH): Promise<string> {
  return clearCookie(flashCookie(secret, path), secure);
}

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/** What a valid, unexpired flash cookie carries; null for anything else (a cookie of an earlier format included). */
export async function readFlash(request: Request, secret: string, now = Date.now()): Promise<FlashContent | null> {
  const data: unknown = await flashCookie(secret).parse(request.headers.get("cookie"));
  if (typeof data !== "object" || data === null) return null;
  const { p, s, e } = data as Partial<Record<keyof Flash, unknown>>;
  if (typeof e !== "number" || e < now) return null;
  const content: FlashContent = { maskedPhone: text(p), statusPath: text(s) };
  return content.maskedPhone || content.statusPath ? content : null;
}

/** True when the request carries the flash cookie at all (so it is cleared once read). */
export function hasFlash(request: Request): boolean {
  return hasCookie(request.headers.get("cookie"), FLASH_COOKIE);
}
