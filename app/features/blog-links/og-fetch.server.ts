import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import {
  hostList,
  OutboundRefused,
  pinLookup,
  pinnedAddress as resolvePinned,
  type OutboundOptions,
  type PinnedAddress,
} from "#app/lib/outbound.server.ts";
import { CodedError } from "#app/lib/coded-error.ts";
import { decodeHtml, parseOpenGraph } from "#app/features/blog-links/og-parse.server.ts";

export { isPublicAddress } from "#app/lib/outbound.server.ts";

/**
 * Reads a page's Open Graph title and image for the blog list, without
 * letting an operator's URL (or a redirect from it) reach the server's own
 * network: http/https only; every address the host resolves to must be
 * public, and the connection goes to the address that was checked (no DNS
 * rebinding); at most 3 redirects, each checked again; an overall timeout;
 * at most `maxBytes` of the body are read. The HTML itself is read by
 * og-parse.server.ts.
 *
 * `allowHosts` ("127.0.0.1:4100") lets tests reach a local server; the app
 * passes OG_FETCH_ALLOW_HOSTS, which is for tests only.
 */
export interface OgFetchOptions extends OutboundOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export type OgFetchErrorCode = "url" | "blocked" | "network" | "timeout" | "status" | "not_html" | "redirects";

export class OgFetchError extends CodedError<OgFetchErrorCode> {}

export interface OpenGraph {
  /** The URL the page was finally read from (after redirects). */
  finalUrl: string;
  title: string | null;
  image: string | null;
  domain: string;
}

const DEFAULTS = { timeoutMs: 5000, maxBytes: 512 * 1024, maxRedirects: 3 };

/** A URL we may fetch, or an error: http(s), no credentials, a host name. */
export function checkUrl(input: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new OgFetchError("url");
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || url.username || url.password) {
    throw new OgFetchError("url");
  }
  url.hash = "";
  return url;
}

/** Resolves the host and answers the address to connect to; refuses when any resolved address is not public. */
async function pinnedAddress(url: URL, options: OgFetchOptions): Promise<PinnedAddress | null> {
  try {
    return await resolvePinned(url, options);
  } catch (error) {
    if (error instanceof OutboundRefused) throw new OgFetchError(error.code);
    throw error;
  }
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer;
}

function get(url: URL, pinned: PinnedAddress | null, maxBytes: number, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const pin = pinLookup(pinned);
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(url, {
      method: "GET",
      signal,
      lookup: pin,
      headers: {
        "User-Agent": "Mozilla/5.0 (compatible; K-Loan-Guide-LinkPreview/1.0)",
        Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
        "Accept-Encoding": "identity",
      },
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.name === "AbortError" ? new OgFetchError("timeout") : new OgFetchError("network")),
    );
    req.on("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const location = typeof res.headers.location === "string" ? res.headers.location : null;
      const contentType = String(res.headers["content-type"] ?? "");
      if (status >= 300 && status < 400) {
        res.resume();
        req.destroy();
        resolve({ status, location, contentType, body: Buffer.alloc(0) });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        resolve({ status, location, contentType, body: Buffer.concat(chunks, Math.min(size, maxBytes)) });
      };
      res.on("data", (chunk: Buffer) => {
        if (done) return;
        chunks.push(chunk);
        size += chunk.length;
        // The head of a page is all we need: stop reading at the cap.
        if (size >= maxBytes) {
          finish();
          req.destroy();
        }
      });
      res.on("end", finish);
      const fail = () => {
        if (done) return;
        done = true;
        reject(new OgFetchError(signal.aborted ? "timeout" : "network"));
      };
      res.on("error", fail);
      res.on("close", fail);
    });
    req.end();
  });
}

export async function fetchOpenGraph(input: string, options: OgFetchOptions = {}): Promise<OpenGraph> {
  const { timeoutMs, maxBytes, maxRedirects } = { ...DEFAULTS, ...options };
  const first = checkUrl(input);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = first;
    for (let redirects = 0; ; redirects++) {
      const pinned = await pinnedAddress(url, options);
      if (controller.signal.aborted) throw new OgFetchError("timeout");
      const hop = await get(url, pinned, maxBytes, controller.signal);
      if (hop.status >= 300 && hop.status < 400 && hop.location) {
        if (redirects >= maxRedirects) throw new OgFetchError("redirects");
        url = checkUrl(hop.location, url.href);
        continue;
      }
      if (hop.status < 200 || hop.status >= 300) throw new OgFetchError("status");
      const type = hop.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
      if (type && type !== "text/html" && type !== "application/xhtml+xml") throw new OgFetchError("not_html");
      const html = decodeHtml(hop.body, hop.contentType);
      const og = parseOpenGraph(html, url.href);
      return { finalUrl: url.href, title: og.title, image: og.image, domain: first.hostname };
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Hosts a test server may use (OG_FETCH_ALLOW_HOSTS="127.0.0.1:4100,…"); empty in production. */
export function allowHostsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return hostList(env.OG_FETCH_ALLOW_HOSTS);
}
