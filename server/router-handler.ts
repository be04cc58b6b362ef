import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { IncomingMessage } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import { detectLocale } from "#app/i18n/detect.server.ts";
import { hasCookie, PAGE_CACHE_BYPASS_COOKIES } from "#app/lib/cookies.server.ts";
import { pageQuery } from "#app/lib/page-params.server.ts";
import { cachedPage, createPageCache, sharedMaxAge, withNonce, type PageCache } from "#server/page-cache.ts";

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
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = toWebRequest(req, res);
      const cacheable = await cacheKey(request, options.publicOrigin);
      const key = cacheable?.key;
      const nonce = String(res.locals.nonce ?? "");
      if (key) {
        const hit = cache.get(key);
        if (hit) {
          res.status(hit.status);
          for (const [name, value] of hit.headers) res.append(name, value);
          res.setHeader("X-Page-Cache", "hit");
          res.end(req.method === "HEAD" ? undefined : withNonce(hit, nonce));
          return;
        }
      }
      const response = await handle(request, options.getLoadContext(req, res));
      const maxAge = key && cacheable.store && req.method === "GET" ? sharedMaxAge(response) : 0;
      if (key && maxAge > 0) {
        const body = await response.text();
        const headers = [...response.headers.entries()].filter(([name]) => name !== "cache-control" && name !== "content-length");
        headers.push(["cache-control", "no-cache"]);
        cache.set(key, cachedPage({ status: response.status, headers, body, nonce, expires: Date.now() + maxAge * 1000 }));
        res.status(response.status);
        for (const [name, value] of headers) res.append(name, value);
        res.setHeader("X-Page-Cache", "miss");
        res.end(body);
        return;
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
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

function toWebRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const host = req.get("host") ?? "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
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
