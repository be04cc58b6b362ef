import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { memoByString } from "#app/lib/memo.ts";

/**
 * Hashed assets from the bytes the build compressed (scripts/precompress.ts),
 * held in memory: the best variant the request accepts (brotli, then gzip,
 * else the file as it is), with `Content-Encoding`, `Vary: Accept-Encoding`,
 * its own length and the immutable cache headers; `HEAD` and a single
 * `Range` of the encoded bytes. The whole folder is a few MB and never
 * changes while the process runs, so it is read once, at start: no disk, no
 * stream and no compression per request.
 */
export type Encoding = "br" | "gzip" | "identity";

/** What an Accept-Encoding header allows (RFC 9110 §12.5.3: q=0 means "not this"). */
function parseAccepted(header: string): { br: boolean; gzip: boolean } {
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(token, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  return { br: accepts("br"), gzip: accepts("gzip") || accepts("x-gzip") };
}

/** Browsers send a handful of Accept-Encoding values, the same on every request: each is read once. */
const accepted = memoByString(parseAccepted, 64);

/** The preferred encoding a request accepts among those available. */
export function chooseEncoding(header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding {
  const allowed = accepted(header ?? "");
  if (available.br && allowed.br) return "br";
  if (available.gzip && allowed.gzip) return "gzip";
  return "identity";
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

const CACHE_CONTROL = "public, max-age=31536000, immutable";

export interface Asset {
  variants: Partial<Record<Encoding, Buffer>>;
  /** Which compressed variants there are (none: the file is sent as it is, without `Vary`). */
  available: { br: boolean; gzip: boolean };
  /** The head of each variant's 200, made once: type, length, encoding, `Vary`, the immutable cache headers, nosniff. */
  head: Partial<Record<Encoding, OutgoingHttpHeaders>>;
}

/** Hashed assets by their path under /assets. */
export type Assets = Map<string, Asset>;

function asset(type: string, variants: Asset["variants"]): Asset {
  const available = { br: !!variants.br, gzip: !!variants.gzip };
  const negotiated = available.br || available.gzip;
  const head: Asset["head"] = {};
  for (const [encoding, body] of Object.entries(variants) as [Encoding, Buffer][]) {
    head[encoding] = {
      "content-type": type,
      "cache-control": CACHE_CONTROL,
      "accept-ranges": "bytes",
      "x-content-type-options": "nosniff",
      ...(negotiated ? { vary: "Accept-Encoding" } : {}),
      ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
      "content-length": body.length,
    };
  }
  return { variants, available, head };
}

function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...listFiles(join(dir, entry.name), `${prefix}${entry.name}/`));
    else out.push(`${prefix}${entry.name}`);
  }
  return out;
}

/** Every file of `dir` by its URL path, with the .br/.gz beside it as its variants. */
export function loadAssets(dir: string): Assets {
  const names = listFiles(dir);
  const present = new Set(names);
  const assets = new Map<string, Asset>();
  for (const name of names) {
    // A .br/.gz is a variant of the file it sits beside, not an asset of its own.
    if ((name.endsWith(".br") || name.endsWith(".gz")) && present.has(name.slice(0, -3))) continue;
    const variants: Asset["variants"] = { identity: readFileSync(join(dir, name)) };
    if (present.has(`${name}.br`)) variants.br = readFileSync(join(dir, `${name}.br`));
    if (present.has(`${name}.gz`)) variants.gzip = readFileSync(join(dir, `${name}.gz`));
    assets.set(`/${name}`, asset(TYPES[extname(name).toLowerCase()] ?? "application/octet-stream", variants));
  }
  return assets;
}

/** The one byte range a `Range` header asks of `size` bytes: null to send it all, "unsatisfiable" for 416 (RFC 9110 §14). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | "unsatisfiable" {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null; // absent, several ranges or another unit: the whole representation is a valid answer
  const [, first, last] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/**
 * Answers a GET or HEAD of `path` (under /assets, without the query) when
 * it is an asset: true once answered, false to leave the request to what
 * follows. Without a `Range`, the head made at start and the bytes, in one
 * write.
 */
export function sendAsset(assets: Assets, req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const found = assets.get(path);
  if (!found) return false;
  const encoding = chooseEncoding(req.headers["accept-encoding"], found.available);
  const body = found.variants[encoding] as Buffer;
  const head = found.head[encoding] as OutgoingHttpHeaders;
  const range = parseRange(req.headers.range, body.length);
  if (range === null) {
    res.writeHead(200, head);
    res.end(req.method === "HEAD" ? undefined : body);
  } else if (range === "unsatisfiable") {
    res.writeHead(416, { ...head, "content-range": `bytes */${body.length}`, "content-length": 0 });
    res.end();
  } else {
    const part = body.subarray(range.start, range.end + 1);
    res.writeHead(206, { ...head, "content-range": `bytes ${range.start}-${range.end}/${body.length}`, "content-length": part.length });
    res.end(req.method === "HEAD" ? undefined : part);
  }
  return true;
}

/** The assets of `dir` as Express middleware, mounted at /assets. */
export function precompressedAssets(dir: string) {
  return assetMiddleware(loadAssets(dir));
}

/** Assets as Express middleware (the server answers them on its early path, server/hit-path.ts, first). */
export function assetMiddleware(assets: Assets) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !sendAsset(assets, req, res, req.path)) next();
  };
}
