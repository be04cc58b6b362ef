import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { IncomingMessage, ServerResponse } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import { BadRequest } from "#app/lib/http.server.ts";
import { localeOf } from "#app/i18n/detect.server.ts";
import { LANG_QUERY, type Locale } from "#app/i18n/locales.ts";
import { hasCookie, langCookie, PAGE_CACHE_BYPASS_COOKIES, plainValue } from "#app/lib/cookies.server.ts";
import { pageQuery } from "#server/page-params.ts";
import {
  cachedPage,
  createPageCache,
  NOT_FOUND_CACHE_MAX_BYTES,
  sharedMaxAge,
  type CacheState,
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

/** The kept page of a key: the site's, else a not-found page. */
export function lookUp(store: PageStore, key: string): CachedPage | undefined {
  return store.pages.get(key) ?? store.notFound.get(key);
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
      // The key the early path computed (server/hit-path.ts), or computed now from the URL and headers alone.
      const cacheable = requestKey(req, req.protocol, options.publicOrigin);
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

const EVERY_ENCODING = { br: true, gzip: true } as const;

/**
 * A kept page: the head and the bytes of the best encoding the request
 * accepts, in one write. Headers set on `res` before (a `lang` cookie,
 * `Connection: close` while draining) go out with them.
 */
export function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: CacheState) {
  const encoding = chooseEncoding(req.headers["accept-encoding"], EVERY_ENCODING);
  res.writeHead(page.status, page.head[state][encoding]);
  res.end(req.method === "HEAD" ? undefined : page.body[encoding]);
}

/** A request's place in the page cache. */
export interface PageKey {
  key: string;
  /** False when the URL has parameters no page reads: answered from the key without them, its own render not kept. */
  store: boolean;
  /** The language `?lang=` chose when the visitor's `lang` cookie says another: the answer sets the cookie (spec §4). */
  remember: Locale | null;
}

/**
 * Only plain page GETs without per-visitor cookies can be shared. The key is
 * what the page varies on: language, scheme, host (absolute canonical and
 * Open Graph URLs; not when PUBLIC_ORIGIN gives them), path and the query
 * parameters pages read (server/page-params.ts). Other parameters are
 * left out of the key: such a request is answered from it, but its own render
 * is not kept (`store: false`), so junk query strings cannot fill the cache.
 * Synchronous and from the request's own fields: it runs for every page
 * request, and a hit builds nothing else.
 */
export function cacheKey(request: KeyFields, publicOrigin = ""): PageKey | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  const path = url.pathname;
  if (path.endsWith(".data") || path.startsWith("/admin") || path.startsWith("/svc/")) return null;
  if (request.cookie && PAGE_CACHE_BYPASS_COOKIES.some((name) => hasCookie(request.cookie, name))) return null;
  const params = url.search ? url.searchParams : null;
  const query = params ? pageQuery(params) : NO_QUERY;
  if (!query) return null;
  const site = publicOrigin ? publicOrigin.replace(/^https?:\/\//, "") : url.host;
  const { locale, source } = localeOf(params?.get(LANG_QUERY) ?? null, request.cookie, request.acceptLanguage);
  return {
    key: `${locale} ${url.protocol}//${site}${path}${query.search}`,
    store: !query.extra,
    remember: source === "query" && plainValue(langCookie, request.cookie) !== locale ? locale : null,
  };
}

const NO_QUERY = { search: "", extra: false } as const;

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

const KEY = Symbol("page cache key");

/**
 * A request's key, computed once per request: by the early path
 * (server/hit-path.ts), which keeps it on the request for the router when it
 * has no page for it. `protocol` is the request's scheme as Express sees it
 * (behind a trusted proxy, X-Forwarded-Proto).
 */
export function requestKey(req: IncomingMessage, protocol: string, publicOrigin = ""): PageKey | null {
  const keyed = req as IncomingMessage & { [KEY]?: PageKey | null };
  if (keyed[KEY] !== undefined) return keyed[KEY];
  const key = cacheKey(
    {
      method: req.method ?? "GET",
      url: `${protocol}://${req.headers.host ?? "localhost"}${req.url ?? "/"}`,
      cookie: req.headers.cookie ?? null,
      acceptLanguage: req.headers["accept-language"] ?? null,
    },
    publicOrigin,
  );
  keyed[KEY] = key;
  return key;
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

/** The web Request React Router is given: its body read from `req` as it is pulled, its signal aborted when the answer is cut off. */
export function toWebRequest(req: ExpressRequest, res: ExpressResponse): Request {
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
 * A client that went away before its body had all arrived. To the action
 * reading it, a body that cannot be read ("malformed": answered 400, not
 * logged as the server's failure); the answer reaches nobody, and the body
 * gate (server/body-gate.ts) logs the one `request_aborted` line.
 */
export class ClientGone extends BadRequest {
  constructor() {
    super("malformed");
    this.message = "The request was aborted";
  }
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
          controller.error(new ClientGone());
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
