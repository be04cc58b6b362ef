import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { IncomingMessage } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import { localeOf } from "#app/i18n/detect.server.ts";
import { LANG_QUERY } from "#app/i18n/locales.ts";
import { hasCookie, PAGE_CACHE_BYPASS_COOKIES } from "#app/lib/cookies.server.ts";
import { pageQuery } from "#app/lib/page-params.server.ts";
import {
  cachedPage,
  createPageCache,
  NOT_FOUND_CACHE_MAX_BYTES,
  sharedMaxAge,
  type CachedPage,
  type PageCache,
} from "#server/page-cache.ts";
import { chooseEncoding } from "#server/precompressed.ts";
import { SECURITY_HEADER_NAMES } from "#server/security.ts";

/** The kept pages: the site's (a byte budget) and not-found pages (a budget of their own). */
export interface PageStore {
  pages: PageCache;
  notFound: PageCache;
}

export function createPageStore(): PageStore {
  return { pages: createPageCache(), notFound: createPageCache({ maxBytes: NOT_FOUND_CACHE_MAX_BYTES }) };
}

function lookUp(store: PageStore, key: string): CachedPage | undefined {
  return store.pages.get(key) ?? store.notFound.get(key);
}

/**
 * A page the cache holds, answered before any per-request work (compression,
 * a CSP nonce, a web Request): its head was written out when it was kept, so
 * a hit is a lookup and one write — static-file speed for every public page
 * (issue 13). Anything else, and a request that sets the language by `?lang=`
 * (which may answer with a cookie), goes on to the rest of the app.
 */
export function cachedPagesFirst(store: PageStore, publicOrigin = "") {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.url.includes(`${LANG_QUERY}=`)) return next();
    const key = cacheKey(keyFields(req), publicOrigin)?.key;
    const hit = key ? lookUp(store, key) : undefined;
    if (!hit) return next();
    sendCached(req, res, hit, "hit");
  };
}

/**
 * Express → React Router, with the page cache in between. Adapted from
 * @react-router/express (same request and response translation).
 */
export function reactRouterHandler(options: {
  build: () => Promise<ServerBuild>;
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  store?: PageStore;
  /** PUBLIC_ORIGIN: when set, every absolute link uses it and the request's host is not part of the cache key. */
  publicOrigin?: string;
}) {
  const handle = createRequestHandler(options.build, options.mode);
  const store = options.store ?? createPageStore();
  const pending = new Map<string, Promise<CachedPage>>();
  const keep = async (key: string, response: Response, res: ExpressResponse, maxAge: number) => {
    const body = await response.text();
    const headers = [...response.headers.entries()].filter(
      ([name]) => !["cache-control", "content-length", "content-encoding", "vary", "content-security-policy"].includes(name),
    );
    headers.push(["cache-control", "no-cache"]);
    // The security headers this response was given (its CSP with the nonce the page is kept without).
    for (const name of SECURITY_HEADER_NAMES) {
      const value = res.getHeader(name);
      if (typeof value === "string") headers.push([name, value]);
    }
    const nonce = String(res.locals.nonce ?? "");
    const page = await cachedPage({ status: response.status, headers, body, nonce, expires: Date.now() + maxAge * 1000 });
    (page.status === 404 ? store.notFound : store.pages).set(key, page);
    return page;
  };
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      // The key from the URL and headers alone: a hit builds no full request (no body stream, no abort signal).
      const cacheable = cacheKey(keyFields(req), options.publicOrigin);
      const key = cacheable?.key;
      if (key) {
        const hit = lookUp(store, key) ?? (await pending.get(key)?.catch(() => undefined));
        if (hit) {
          sendCached(req, res, hit, "hit");
          return;
        }
      }
      const request = toWebRequest(req, res);
      const response = await handle(request, options.getLoadContext(req, res));
      const maxAge = key && cacheable.store && req.method === "GET" ? sharedMaxAge(response) : 0;
      if (key && maxAge > 0) {
        // Requests for the same page that arrive meanwhile wait for this one instead of rendering it again.
        const page = keep(key, response, res, maxAge);
        pending.set(key, page);
        try {
          sendCached(req, res, await page, "miss");
        } finally {
          pending.delete(key);
        }
        return;
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** A kept page: the bytes and the head of the best encoding the request accepts. */
function sendCached(req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: "hit" | "miss") {
  const encoding = chooseEncoding(req.headers["accept-encoding"], { br: true, gzip: true });
  res.setHeader("X-Page-Cache", state);
  res.writeHead(page.status, page.head[encoding]);
  res.end(req.method === "HEAD" ? undefined : page.body[encoding]);
}

/**
 * Only plain page GETs without per-visitor cookies can be shared. The key is
 * what the page varies on: language, scheme, host (absolute canonical and
 * Open Graph URLs; not when PUBLIC_ORIGIN gives them), path and the query
 * parameters pages read (app/lib/page-params.server.ts). Other parameters are
 * left out of the key: such a request is answered from it, but its own render
 * is not kept (`store: false`), so junk query strings cannot fill the cache.
 * Synchronous and from the request's own fields: it runs for every page
 * request, and a hit builds nothing else.
 */
export function cacheKey(request: KeyFields, publicOrigin = ""): { key: string; store: boolean } | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || url.pathname.startsWith("/admin") || url.pathname.startsWith("/svc/")) return null;
  for (const name of PAGE_CACHE_BYPASS_COOKIES) if (hasCookie(request.cookie, name)) return null;
  const query = pageQuery(url.searchParams);
  if (!query) return null;
  const site = publicOrigin ? publicOrigin.replace(/^https?:\/\//, "") : url.host;
  const { locale } = localeOf(url.searchParams.get(LANG_QUERY), request.cookie, request.acceptLanguage);
  return { key: `${locale} ${url.protocol}//${site}${url.pathname}${query.search}`, store: !query.extra };
}

/** What the cache key reads of a request. */
export interface KeyFields {
  method: string;
  url: string;
  cookie: string | null;
  acceptLanguage: string | null;
}

/** The key fields of a web Request (tests, tools). */
export function keyFieldsOf(request: Request): KeyFields {
  return {
    method: request.method,
    url: request.url,
    cookie: request.headers.get("cookie"),
    acceptLanguage: request.headers.get("accept-language"),
  };
}

function keyFields(req: ExpressRequest): KeyFields {
  return {
    method: req.method,
    url: requestUrl(req).href,
    cookie: req.headers.cookie ?? null,
    acceptLanguage: req.headers["accept-language"] ?? null,
  };
}

function requestUrl(req: ExpressRequest): URL {
  return new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value) headers.set(name, value);
  }
  return headers;
}

function toWebRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = requestUrl(req);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: requestHeaders(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = bodyStream(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/**
 * The request body as a web stream, read as it is pulled. Cancelling it (a
 * body refused half-way) only stops reading: destroying the request would
 * reset the connection before the answer reaches the client. What is left is
 * discarded after the answer (server/unread-body.ts).
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onClose = () => {
          detach();
          controller.error(new Error("The request was aborted"));
        };
        detach = () => {
          req.off("data", onData);
          req.off("end", onEnd);
          req.off("close", onClose);
        };
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("close", onClose);
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

const OVERRIDABLE = new Set(SECURITY_HEADER_NAMES.filter((name) => name !== "content-security-policy"));

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") continue;
    // A route may tighten a security header set for every response (the status page's Referrer-Policy, issue 28): its value replaces it.
    if (OVERRIDABLE.has(name)) res.setHeader(name, value);
    else res.append(name, value);
  }
  // The answer to a post says what this visitor sent: never for a shared cache, whatever the page declares.
  if (res.req.method !== "GET" && res.req.method !== "HEAD" && /\bpublic\b/.test(response.headers.get("cache-control") ?? "")) {
    res.setHeader("Cache-Control", "no-store");
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
