import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { langCookieHeader } from "#app/lib/cookies.server.ts";
import type { Logger } from "#app/lib/logger.server.ts";
import { decodesCleanly, isValidHost } from "#server/malformed.ts";
import { sendAsset, type Assets } from "#server/precompressed.ts";
import { logRequest } from "#server/request-log.ts";
import { lookUp, requestKey, sendCached, type PageStore } from "#server/router-handler.ts";

/**
 * The one early path (docs/decisions/0030): what is the same bytes for
 * everyone who asks with the same key — a hashed asset, a page the cache
 * holds — is answered here, before Express, from memory, with a head made
 * when the bytes were. `true` when it answered; `false` leaves the request to
 * Express, which also answers every kind of hit the long way.
 *
 * A page hit reads the method, the URL, Host, Cookie, Accept-Language,
 * Accept-Encoding (and X-Forwarded-Proto behind a trusted proxy), computes the
 * cache key once (kept on the request for the router when there is no page),
 * writes the stored head and the encoded bytes, and logs its request line.
 * It builds no web Request, no CSP nonce or policy, no cookie objects, and
 * runs no Express middleware. What it keeps per request:
 * - the checks of server/malformed.ts a key depends on: a Host that is a host
 *   (once per distinct Host in a row), a path that decodes (when it has `%`);
 *   anything else goes on to Express, which answers 400/405;
 * - the `lang` cookie when `?lang=` chose a language the cookie does not
 *   hold (the header is one of ten strings made at start);
 * - the request log line.
 * The form rate limiter is not on it: a hit is a GET of a page, and only form
 * posts and /svc calls are limited.
 */
export interface HitPathOptions {
  /** The hashed assets (build/client/assets); none in development, where Vite serves them. */
  assets?: Assets;
  pages: PageStore;
  /** PUBLIC_ORIGIN: the host is then not part of a page's key. */
  publicOrigin?: string;
  /** Express's compiled `trust proxy` (`app.get("trust proxy fn")`): whether X-Forwarded-Proto is believed. */
  trustProxy: (address: string | undefined, hop: number) => boolean;
  log: Logger;
  /** SECURE_COOKIES: the `lang` cookie a hit sets is Secure. */
  secureCookies: boolean;
}

export type HitPath = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createHitPath(options: HitPathOptions): HitPath {
  const { assets, pages, publicOrigin = "", trustProxy, log } = options;
  const langCookies = new Map<Locale, string>(LOCALES.map((locale) => [locale, langCookieHeader(locale, options.secureCookies)]));
  /** The last Host that passed isValidHost: nearly every request repeats it. */
  let validHost = "";
  return (req, res) => {
    const method = req.method;
    if ((method !== "GET" && method !== "HEAD") || hasBody(req)) return false;
    const url = req.url ?? "";
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (assets && path.startsWith("/assets/")) return sendAsset(assets, req, res, path.slice("/assets".length));
    if (!path.startsWith("/")) return false;
    const host = req.headers.host;
    if (host !== validHost) {
      if (!host || !isValidHost(host)) return false;
      validHost = host;
    }
    if (path.includes("%") && !decodesCleanly(path)) return false;
    const start = performance.now();
    const found = requestKey(req, protocolOf(req, trustProxy), publicOrigin);
    const page = found ? lookUp(pages, found.key) : undefined;
    if (!found || !page) return false;
    if (found.remember) res.setHeader("set-cookie", langCookies.get(found.remember)!);
    sendCached(req, res, page, "hit");
    logRequest(log, randomUUID(), method, path, page.status, start);
    return true;
  };
}

/** A request with a body is left to Express, whose settleUnreadBody deals with what is not read. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** The scheme as Express's `req.protocol` reads it: X-Forwarded-Proto only from a trusted proxy. */
export function protocolOf(req: IncomingMessage, trustProxy: HitPathOptions["trustProxy"]): string {
  const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
  if (!trustProxy(req.socket.remoteAddress, 0)) return own;
  const forwarded = req.headers["x-forwarded-proto"];
  const header = (Array.isArray(forwarded) ? forwarded.join(", ") : forwarded) || own;
  const comma = header.indexOf(",");
  return (comma < 0 ? header : header.slice(0, comma)).trim();
}
