import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { OutgoingHttpHeaders } from "node:http";
import type { Encoding } from "#server/precompressed.ts";
import { KEEP_ANSWER_HEADER } from "#app/lib/cache.ts";
import { withScriptHashes } from "#server/security.ts";
import { DYNAMIC_COMPRESSION } from "#server/dynamic-compression.ts";

/**
 * A small in-process cache of server-rendered pages that are the same for
 * every visitor of a language (docs/decisions/0008, 0019). A route opts in by
 * answering `Cache-Control: public, s-maxage=N`; the page is then kept N
 * seconds per URL and language. Never cached: anything with Set-Cookie, a
 * status other than 200 or 404 (the not-found page), non-HTML, or a request
 * that carries a session.
 *
 * A page is made ready to send once, when it is kept: the nonce of the
 * response it was rendered for is taken out, the SHA-256 of each inline
 * script is computed for its Content-Security-Policy, and the bytes are
 * compressed with brotli (quality 11) and gzip (level 9), and the whole head
 * of each variant's response is written out, as a hit and as the miss that
 * kept it. A hit only picks the bytes and the head of the encoding the
 * request accepts (server/hit-path.ts, docs/decisions/0030). The cache holds at most `maxBytes` of them
 * and drops the least recently used pages first.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** `'sha256-…'` of every inline script, for the page's CSP in place of a nonce. */
  scriptHashes: string[];
  body: Record<Encoding, Buffer>;
  /**
   * Each variant's response headers: the page's, its CSP with the hashes,
   * encoding, length, `Vary` and `X-Page-Cache` (`hit` from the cache, `miss`
   * for the request that rendered it). The two differ in that header only.
   */
  head: Record<CacheState, Record<Encoding, OutgoingHttpHeaders>>;
  /** What it costs the cache: every variant's bytes. */
  bytes: number;
  expires: number;
}

/** What `X-Page-Cache` says: the page came from the cache, or was rendered (and kept) for this request. */
export type CacheState = "hit" | "miss";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** The CSP source of each inline script's text (what the browser hashes: the bytes between the tags). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", code = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attributes) || /\btype="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The page without the nonce it was rendered with: a kept page's scripts are allowed by their hashes. */
export function withoutNonce(html: string, nonce: string): string {
  if (!nonce) return html;
  return html.replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, "");
}

/**
 * A page to keep: without its nonce, its scripts hashed, compressed once.
 * `headers` are the response's (security headers included): a
 * Content-Security-Policy among them gets the scripts' hashes in place of the
 * nonce.
 */
export async function cachedPage(page: {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  expires: number;
  /**
   * `static` (a shared page, kept for many visitors): brotli 11 and gzip 9.
   * `dynamic` (a kept answer, one of many queries): the levels of per-request
   * compression (server/dynamic-compression.ts), since many are made once and
   * sent a few times.
   */
  compression?: "static" | "dynamic";
}): Promise<CachedPage> {
  const html = withoutNonce(page.body, page.nonce);
  const identity = Buffer.from(html, "utf8");
  const dynamic = page.compression === "dynamic";
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: dynamic ? DYNAMIC_COMPRESSION.brotliQuality : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        ...(dynamic ? { [constants.BROTLI_PARAM_LGWIN]: DYNAMIC_COMPRESSION.brotliWindowBits } : {}),
      },
    }),
    gzipAsync(identity, dynamic ? { level: DYNAMIC_COMPRESSION.gzipLevel, memLevel: DYNAMIC_COMPRESSION.gzipMemLevel } : { level: 9 }),
  ]);
  const scriptHashes = inlineScriptHashes(html);
  const body = { identity, br, gzip: gz };
  const common = pageHeaders(page.headers, page.nonce, scriptHashes);
  const head = (state: CacheState, encoding: Encoding): OutgoingHttpHeaders => ({
    ...common,
    vary: "Accept-Encoding",
    ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
    "content-length": body[encoding].length,
    "x-page-cache": state,
  });
  const heads = (state: CacheState) => ({ identity: head(state, "identity"), br: head(state, "br"), gzip: head(state, "gzip") });
  return {
    status: page.status,
    headers: page.headers,
    scriptHashes,
    body,
    head: { hit: heads("hit"), miss: heads("miss") },
    bytes: identity.length + br.length + gz.length,
    expires: page.expires,
  };
}

/** Header pairs as one object (a name given twice keeps both values), the CSP's nonce replaced by the hashes. */
function pageHeaders(pairs: [string, string][], nonce: string, scriptHashes: string[]): OutgoingHttpHeaders {
  const out: Record<string, string | string[]> = {};
  for (const [rawName, rawValue] of pairs) {
    const name = rawName.toLowerCase();
    const value = name === "content-security-policy" ? withScriptHashes(rawValue, nonce, scriptHashes) : rawValue;
    const before = out[name];
    out[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return out;
}

export interface PageCache {
  get(key: string, now?: number): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  clear(): void;
  readonly size: number;
  /** Bytes held (every variant of every page). */
  readonly bytes: number;
}

/**
 * Not-found pages have a budget of their own: any path makes one, and junk
 * paths must not push the site's pages out.
 */
export const NOT_FOUND_CACHE_MAX_BYTES = 2 * 1024 * 1024;

/** 24 MiB: some 230 pages of ~70 KB with their brotli and gzip copies (every route in five languages twice over). */
export const PAGE_CACHE_MAX_BYTES = 24 * 1024 * 1024;

export function createPageCache({ maxEntries = 1000, maxBytes = PAGE_CACHE_MAX_BYTES } = {}): PageCache {
  const map = new Map<string, CachedPage>();
  let bytes = 0;
  const drop = (key: string) => {
    const page = map.get(key);
    if (!page) return;
    map.delete(key);
    bytes -= page.bytes;
  };
  return {
    get(key, now = Date.now()) {
      const page = map.get(key);
      if (!page) return undefined;
      if (page.expires <= now) {
        drop(key);
        return undefined;
      }
      // Refresh its place: least recently used goes first.
      map.delete(key);
      map.set(key, page);
      return page;
    },
    set(key, page) {
      drop(key);
      if (page.bytes > maxBytes) return;
      map.set(key, page);
      bytes += page.bytes;
      while (map.size > maxEntries || bytes > maxBytes) drop(map.keys().next().value as string);
    },
    clear() {
      map.clear();
      bytes = 0;
    },
    get size() {
      return map.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/**
 * Kept answers (the calculator's schedules, the check's answers: one per
 * query a visitor asked) have a budget of their own, so a burst of distinct
 * questions never pushes the site's pages out: 8 MiB, some 160 answers of
 * ~35 KB with their brotli and gzip copies (docs/decisions/0045).
 */
export const ANSWER_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/** The next midnight in Korea (UTC+9, no daylight saving): an answer that reads today's date is not kept past it. */
export function nextSeoulMidnight(now: number): number {
  const DAY = 86_400_000;
  const OFFSET = 9 * 3_600_000;
  return Math.floor((now + OFFSET) / DAY) * DAY + DAY - OFFSET;
}

/** Seconds an answer may be kept, from the route's `X-Keep-Answer` (app/lib/cache.ts `keptAnswer`); 0 when not. */
export function keptAnswerAge(response: Response): number {
  if (response.status !== 200) return 0;
  if (response.headers.has("set-cookie")) return 0;
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return 0;
  const seconds = Number(response.headers.get(KEEP_ANSWER_HEADER) ?? 0);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 0;
}

/** Seconds a response may be kept, from `Cache-Control: public, s-maxage=N`; 0 when not cacheable. */
export function sharedMaxAge(response: Response): number {
  if (response.status !== 200 && response.status !== 404) return 0;
  if (response.headers.has("set-cookie")) return 0;
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return 0;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return 0;
  const match = /\bs-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}
