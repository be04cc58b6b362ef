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
  ANSWER_CACHE_MAX_BYTES,
  cachedPage,
  createPageCache,
  keptAnswerAge,
  nextSeoulMidnight,
  NOT_FOUND_CACHE_MAX_BYTES,
  sharedMaxAge,
  type CacheState,
  type CachedPage,
  type PageCache,
} from "#server/page-cache.ts";
import { chooseEncoding } from "#server/precompressed.ts";
import { compressWhole, DYNAMIC_COMPRESSION, WHOLE_BODY_MAX_BYTES } from "#server/dynamic-compression.ts";
import { SECURITY_HEADER_NAMES } from "#server/security.ts";
import { KEEP_ANSWER_HEADER } from "#app/lib/cache.ts";

/**
 * The kept pages: the site's (a byte budget), not-found pages and answers
 * rendered from a query (the calculator's, the check's), each with a budget
 * of its own. All are dropped when the operators' content changes.
 */
export interface PageStore {
  pages: PageCache;
  notFound: PageCache;
  answers: PageCache;
}

export function createPageStore(): PageStore {
  return {
    pages: createPageCache(),
    notFound: createPageCache({ maxBytes: NOT_FOUND_CACHE_MAX_BYTES }),
    answers: createPageCache({ maxBytes: ANSWER_CACHE_MAX_BYTES }),
  };
}

/** Drops every kept page and answer (the content version changed). */
export function clearStore(store: PageStore) {
  store.pages.clear();
  store.notFound.clear();
  store.answers.clear();
}

/** Headers of a rendered response that are the server's business, never the browser's. */
const INTERNAL_HEADERS = new Set([KEEP_ANSWER_HEADER.toLowerCase()]);

/** The kept page of a key: the site's, else a not-found page. */
export function lookUp(store: PageStore, key: string): CachedPage | undefined {
  return store.pages.get(key) ?? store.notFound.get(key);
}

/**
 * React Router's handler for a build that never changes (every mode but
 * development, where Vite reloads it). Given a function, React Router derives
 * its routes, matcher and static handler again on every request (issue 41:
 * a tenth of a status page's CPU); here the build is loaded and derived once.
 * A failed load is tried again by the next request.
 */
function builtOnce(build: () => Promise<ServerBuild>, mode?: string): ReturnType<typeof createRequestHandler> {
  let ready: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return async (request, context) => {
    ready ??= build().then(
      (b) => createRequestHandler(b, mode),
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return (await ready)(request, context);
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
  const handle =
    options.mode === "development" ? createRequestHandler(options.build, options.mode) : builtOnce(options.build, options.mode);
  const store = options.store ?? createPageStore();
  const pending = new Map<string, Promise<CachedPage>>();
  const keep = async (key: string, response: Response, res: ExpressResponse, expires: number, answer: boolean) => {
    const body = await response.text();
    const headers = [...response.headers.entries()].filter(
      ([name]) =>
        !INTERNAL_HEADERS.has(name) &&
        !["cache-control", "content-length", "content-encoding", "vary", "content-security-policy"].includes(name),
    );
    // A kept answer is still the visitor's own: no browser or proxy keeps it.
    headers.push(["cache-control", answer ? "private, no-store" : "no-cache"]);
    // The security headers this response was given (its CSP with the nonce the page is kept without).
    for (const name of SECURITY_HEADER_NAMES) {
      const value = res.getHeader(name);
      if (typeof value === "string") headers.push([name, value]);
    }
    const nonce = String(res.locals.nonce ?? "");
    const page = await cachedPage({ status: response.status, headers, body, nonce, expires, compression: answer ? "dynamic" : "static" });
    (answer ? store.answers : page.status === 404 ? store.notFound : store.pages).set(key, page);
    return page;
  };
  /** Keeps the response and answers this request from what was kept; requests for the same key meanwhile wait for it. */
  const keepAndSend = async (
    req: ExpressRequest,
    res: ExpressResponse,
    key: string,
    response: Response,
    expires: number,
    answer: boolean,
  ) => {
    const page = keep(key, response, res, expires, answer);
    pending.set(key, page);
    try {
      sendCached(req, res, await page, "miss");
    } finally {
      pending.delete(key);
    }
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
      // Not a shared page: perhaps an answer rendered from its query alone, kept by this server (docs/decisions/0045).
      const answerKey = key ? null : answerKeyOf(req, options.publicOrigin);
      if (answerKey) {
        const hit = store.answers.get(answerKey) ?? (await pending.get(answerKey)?.catch(() => undefined));
        if (hit) {
          sendCached(req, res, hit, "hit");
          return;
        }
      }
      const request = toWebRequest(req, res);
      const response = await handle(request, options.getLoadContext(req, res));
      const maxAge = key && cacheable.store && req.method === "GET" ? sharedMaxAge(response) : 0;
      if (key && maxAge > 0) {
        await keepAndSend(req, res, key, response, Date.now() + maxAge * 1000, false);
        return;
      }
      const keptFor = answerKey && req.method === "GET" ? keptAnswerAge(response) : 0;
      if (answerKey && keptFor > 0) {
        // An answer that reads today's date in Korea is not kept past midnight there.
        const now = Date.now();
        await keepAndSend(req, res, answerKey, response, Math.min(now + keptFor * 1000, nextSeoulMidnight(now)), true);
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

/** A longer query string is not kept: no visitor's answer needs one, and junk must not fill the answers' budget. */
export const ANSWER_QUERY_MAX = 400;

/**
 * The key of an answer a route may keep (`X-Keep-Answer`): like a page's key,
 * but every parameter counts, in a fixed order (the same question asked with
 * its fields in another order is the same answer). Never for a request that
 * carries a session or a flash message, nor for a `.data`, console or API request.
 */
export function answerKey(request: KeyFields, publicOrigin = ""): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  const path = url.pathname;
  if (!url.search || url.search.length > ANSWER_QUERY_MAX) return null;
  if (path.endsWith(".data") || path.startsWith("/admin") || path.startsWith("/svc/")) return null;
  if (request.cookie && PAGE_CACHE_BYPASS_COOKIES.some((name) => hasCookie(request.cookie, name))) return null;
  const params = new URLSearchParams(url.searchParams);
  params.sort();
  const site = publicOrigin ? publicOrigin.replace(/^https?:\/\//, "") : url.host;
  const { locale } = localeOf(params.get(LANG_QUERY), request.cookie, request.acceptLanguage);
  return `answer ${locale} ${url.protocol}//${site}${path}?${params.toString()}`;
}

function answerKeyOf(req: ExpressRequest, publicOrigin = ""): string | null {
  return answerKey(
    {
      method: req.method,
      url: `${req.protocol}://${req.headers.host ?? "localhost"}${req.originalUrl}`,
      cookie: req.headers.cookie ?? null,
      acceptLanguage: req.headers["accept-language"] ?? null,
    },
    publicOrigin,
  );
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
    if (name === "set-cookie" || INTERNAL_HEADERS.has(name)) continue;
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
  if (await sentWhole(res, response)) return;
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/**
 * A page rendered for this request (no page of the site streams deferred
 * data): its whole HTML compressed in one call off the main thread and sent
 * with its length, rather than compressed chunk by chunk as it streams
 * (docs/decisions/0045). False, having sent nothing, for anything else.
 */
async function sentWhole(res: ExpressResponse, response: Response): Promise<boolean> {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || response.headers.has("content-encoding")) return false;
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > WHOLE_BODY_MAX_BYTES) return false;
  const body = Buffer.from(await response.arrayBuffer());
  const encoding =
    body.length < DYNAMIC_COMPRESSION.thresholdBytes ? "identity" : chooseEncoding(res.req.headers["accept-encoding"], EVERY_ENCODING);
  const bytes = encoding === "identity" ? body : await compressWhole(body, encoding);
  if (res.destroyed || res.writableEnded) return true;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.vary("Accept-Encoding");
  res.setHeader("Content-Length", bytes.length);
  res.end(res.req.method === "HEAD" ? undefined : bytes);
  return true;
}
