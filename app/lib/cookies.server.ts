import { createCookie, href, type Cookie, type CookieOptions } from "react-router";
import { ADMIN_LANG_COOKIE, DEVICE_COOKIE, FLASH_COOKIE, LANG_COOKIE, SECOND_STEP_COOKIE, SESSION_COOKIE } from "#app/lib/cookie-names.ts";
import { headerValue } from "#app/lib/header-value.server.ts";

/**
 * The cookies of the visitors' site, defined once with React Router's
 * `createCookie` (the console's own are in app/features/console/cookies.server.ts;
 * every cookie's name and kind is here).
 * Two things are runtime settings: `Secure` (SECURE_COOKIES, services.secureCookies)
 * is given when a cookie is written (`setCookie`, `clearCookie`), and the
 * signing secret (services.secret) makes the flash cookie (`flashCookie(secret)`).
 * Loaded natively by the server (server/app.ts): plain TypeScript only.
 */

/** What a cookie holds: one visitor's own state, or a display preference. */
export type CookieKind = "visitor-state" | "preference";

export const COOKIE_KINDS: Readonly<Record<string, CookieKind>> = {
  /** An operator's session token. */
  [SESSION_COOKIE]: "visitor-state",
  /** An operator between the password and the code of a two-step sign-in. */
  [SECOND_STEP_COOKIE]: "visitor-state",
  /** A browser that signed in to an operator's account before (ADR 0017). */
  [DEVICE_COOKIE]: "visitor-state",
  /** The masked phone of the visitor's own consultation, for the completion page. */
  [FLASH_COOKIE]: "visitor-state",
  /** The visitor's language: part of the page cache's key. */
  [LANG_COOKIE]: "preference",
  /** The operator's console language: console pages are never cached. */
  [ADMIN_LANG_COOKIE]: "preference",
};

/** A page requested with any of these cookies is neither served from nor stored in the shared page cache. */
export const PAGE_CACHE_BYPASS_COOKIES: readonly string[] = [SESSION_COOKIE, SECOND_STEP_COOKIE, DEVICE_COOKIE, FLASH_COOKIE];

export const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * React Router writes a value as base64 JSON. These cookies keep their plain
 * value on the wire: the browser writes and reads `lang` itself, and sessions
 * in flight hold the bare token. (The value goes through React Router's
 * encoding and straight back.)
 */
export const PLAIN_VALUE: CookieOptions = {
  encode: (encoded) => headerValue("cookie", JSON.parse(atob(encoded)), { fallback: "" }),
  decode: (raw) => {
    try {
      return btoa(JSON.stringify(decodeURIComponent(raw)));
    } catch {
      return undefined;
    }
  },
};

/** The visitor's language: year-long and script-readable, it mirrors localStorage and is no secret. */
export const langCookie = createCookie(LANG_COOKIE, { path: "/", maxAge: YEAR_SECONDS, sameSite: "lax", ...PLAIN_VALUE });

/** The completion page the flash cookie is scoped to, and how long it lives. */
export const FLASH_PATH = href("/loan-consultation-complete");
export const FLASH_MAX_AGE_SECONDS = 300;

/** A completion page's flash: HttpOnly, scoped to that page, signed with the app's secret (React Router's signature). */
export function flashCookie(secret: string, path = FLASH_PATH): Cookie {
  return createCookie(FLASH_COOKIE, {
    path,
    maxAge: FLASH_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: "lax",
    secrets: [secret],
  });
}

/**
 * The Set-Cookie header that remembers a language, exactly as
 * `setCookie(langCookie, locale, secure)` writes it, but synchronous: a page
 * answered from the cache for `?lang=` sets it without a promise
 * (server/hit-path.ts makes the ten of them once).
 */
export function langCookieHeader(locale: string, secure: boolean): string {
  return `${langCookie.name}=${encodeURIComponent(locale)}; Max-Age=${YEAR_SECONDS}; Path=/; ${secure ? "Secure; " : ""}SameSite=Lax`;
}

/** A Set-Cookie header writing `value`; Secure behind HTTPS. */
export function setCookie(cookie: Cookie, value: unknown, secure: boolean): Promise<string> {
  return cookie.serialize(value, { secure });
}

/** A Set-Cookie header removing the cookie. */
export function clearCookie(cookie: Cookie, secure: boolean): Promise<string> {
  return cookie.serialize("", { secure, maxAge: 0 });
}

/**
 * The raw value of the first cookie of that name in a Cookie header (RFC 6265
 * §5.4: browsers send the most specific first), or undefined. Synchronous and
 * allocation-light: the page cache reads the language and the session cookies
 * of every request to find its key.
 */
function rawCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.length > 1 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return undefined;
}

/** The value of a plain (unsigned) cookie in a Cookie header; undefined when absent or not valid percent-encoding. */
export function plainValue(cookie: Pick<Cookie, "name">, header: string | null): string | undefined {
  const raw = rawCookie(header, cookie.name);
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** True when a Cookie header carries a cookie of that name, whatever its value or signature. */
export function hasCookie(header: string | null, name: string): boolean {
  return rawCookie(header, name) !== undefined;
}
