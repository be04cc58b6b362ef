/**
 * A small in-process cache of server-rendered pages that are the same for
 * every visitor of a language (engineering.md: "caches what is the same for
 * every visitor of a language"). A route opts in by answering
 * `Cache-Control: public, s-maxage=N`; the page is then kept N seconds per
 * URL and language. Never cached: anything with Set-Cookie, non-200, non-HTML,
 * or a request that carries a session. Each response served from the cache
 * gets its own CSP nonce: the cached nonce is replaced in the body.
 */
interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body's bytes, cut where the nonce of the response it was rendered for stood. */
  parts: Buffer[];
  expires: number;
}

/** A page to keep: its body is cut once at its nonce, so each hit only joins bytes. */
export function cachedPage(page: {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  expires: number;
}): CachedPage {
  const pieces = page.nonce ? page.body.split(page.nonce) : [page.body];
  return { status: page.status, headers: page.headers, parts: pieces.map((piece) => Buffer.from(piece, "utf8")), expires: page.expires };
}

export interface PageCache {
  get(key: string, now?: number): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  clear(): void;
  readonly size: number;
}

export function createPageCache(maxEntries = 500): PageCache {
  const map = new Map<string, CachedPage>();
  return {
    get(key, now = Date.now()) {
      const page = map.get(key);
      if (!page) return undefined;
      if (page.expires <= now) {
        map.delete(key);
        return undefined;
      }
      // Refresh its place: least recently used goes first.
      map.delete(key);
      map.set(key, page);
      return page;
    },
    set(key, page) {
      map.delete(key);
      map.set(key, page);
      while (map.size > maxEntries) map.delete(map.keys().next().value as string);
    },
    clear: () => map.clear(),
    get size() {
      return map.size;
    },
  };
}

/** Seconds a response may be kept, from `Cache-Control: public, s-maxage=N`; 0 when not cacheable. */
export function sharedMaxAge(response: Response): number {
  if (response.status !== 200) return 0;
  if (response.headers.has("set-cookie")) return 0;
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return 0;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return 0;
  const match = /\bs-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

/** The cached body with a fresh nonce where the old one stood. */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  if (page.parts.length === 1) return page.parts[0]!;
  const fresh = Buffer.from(nonce, "utf8");
  const pieces: Buffer[] = [];
  page.parts.forEach((part, i) => {
    if (i > 0) pieces.push(fresh);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}
