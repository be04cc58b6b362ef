import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { IncomingMessage } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import { detectLocale } from "#app/i18n/detect.server.ts";
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
import { withScriptHashes } from "#server/security.ts";

/**
 * Express → React Router, with the page cache in between. Adapted from
 * @react-router/express (same request and response translation).
 */
export function reactRouterHandler(options: {
  build: () => Promise<ServerBuild>;
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  cache?: PageCache;
  /** PUBLIC_ORIGIN: when set, every absolute link uses it and the request's host is not part of the cache key. */
  publicOrigin?: string;
}) {
  const handle = createRequestHandler(options.build, options.mode);
  const cache = options.cache ?? createPageCache();
  const notFound = createPageCache({ maxBytes: NOT_FOUND_CACHE_MAX_BYTES });
  const pending = new Map<string, Promise<CachedPage>>();
  const keep = async (key: string, response: Response, nonce: string, maxAge: number) => {
    const body = await response.text();
    const headers = [...response.headers.entries()].filter(
      ([name]) => !["cache-control", "content-length", "content-encoding", "vary", "content-security-policy"].includes(name),
    );
    headers.push(["cache-control", "no-cache"]);
    const page = await cachedPage({ status: response.status, headers, body, nonce, expires: Date.now() + maxAge * 1000 });
    (page.status === 404 ? notFound : cache).set(key, page);
    return page;
  };
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      // The key from the URL and headers alone: a hit builds no full request (no body stream, no abort signal).
      const cacheable = req.method === "GET" || req.method === "HEAD" ? await cacheKey(keyRequest(req), options.publicOrigin) : null;
      const key = cacheable?.key;
      if (key) {
        const hit = cache.get(key) ?? notFound.get(key) ?? (await pending.get(key)?.catch(() => undefined));
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
        const page = keep(key, response, String(res.locals.nonce ?? ""), maxAge);
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

/**
 * A kept page: the bytes of the best encoding the request accepts, their own
 * length, `Vary: Accept-Encoding`, and a CSP that allows the page's inline
 * scripts by their hashes (the nonce this response was given is not in them).
 */
function sendCached(req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: "hit" | "miss") {
  const encoding = chooseEncoding(req.get("accept-encoding"), { br: true, gzip: true });
  const body = page.body[encoding];
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") {
    res.setHeader("Content-Security-Policy", withScriptHashes(policy, String(res.locals.nonce ?? ""), page.scriptHashes));
  }
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.setHeader("X-Page-Cache", state);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Only plain page GETs without per-visitor cookies can be shared. The key is
 * what the page varies on: language, scheme, host (absolute canonical and
 * Open Graph URLs; not when PUBLIC_ORIGIN gives them), path and the query
 * parameters pages read (app/lib/page-params.server.ts). Other parameters are
 * left out of the key: such a request is answered from it, but its own render
 * is not kept (`store: false`), so junk query strings cannot fill the cache.
 */
export async function cacheKey(request: Request, publicOrigin = ""): Promise<{ key: string; store: boolean } | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || url.pathname.startsWith("/admin") || url.pathname.startsWith("/svc/")) return null;
  const cookie = request.headers.get("cookie");
  for (const name of PAGE_CACHE_BYPASS_COOKIES) if (await hasCookie(cookie, name)) return null;
  const query = pageQuery(url.searchParams);
  if (!query) return null;
  const site = publicOrigin ? publicOrigin.replace(/^https?:\/\//, "") : url.host;
  return { key: `${(await detectLocale(request)).locale} ${url.protocol}//${site}${url.pathname}${query.search}`, store: !query.extra };
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

/**
 * What the cache key reads (method, URL, cookies, Accept-Language), without
 * the abort signal a rendered request needs: undici keeps a signal's request
 * reachable through a finalization registry, which under load pushed every
 * cache hit's garbage into V8's old generation.
 */
function keyRequest(req: ExpressRequest): Request {
  return new Request(requestUrl(req).href, { method: req.method, headers: requestHeaders(req) });
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

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name !== "set-cookie") res.append(name, value);
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
