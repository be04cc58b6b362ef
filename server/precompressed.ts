import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { NextFunction, Request, Response } from "express";

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

/** The preferred encoding a request accepts among those available (RFC 9110 §12.5.3: q=0 means "not this"). */
export function chooseEncoding(header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding {
  const q = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(token, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  if (available.br && accepts("br")) return "br";
  if (available.gzip && (accepts("gzip") || accepts("x-gzip"))) return "gzip";
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

interface Asset {
  type: string;
  variants: Partial<Record<Encoding, Buffer>>;
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
export function loadAssets(dir: string): Map<string, Asset> {
  const names = listFiles(dir);
  const present = new Set(names);
  const assets = new Map<string, Asset>();
  for (const name of names) {
    // A .br/.gz is a variant of the file it sits beside, not an asset of its own.
    if ((name.endsWith(".br") || name.endsWith(".gz")) && present.has(name.slice(0, -3))) continue;
    const variants: Asset["variants"] = { identity: readFileSync(join(dir, name)) };
    if (present.has(`${name}.br`)) variants.br = readFileSync(join(dir, `${name}.br`));
    if (present.has(`${name}.gz`)) variants.gzip = readFileSync(join(dir, `${name}.gz`));
    assets.set(`/${name}`, { type: TYPES[extname(name).toLowerCase()] ?? "application/octet-stream", variants });
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

export function precompressedAssets(dir: string) {
  const assets = loadAssets(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const asset = assets.get(req.path);
    if (!asset) return next();
    const { variants } = asset;
    const negotiated = Boolean(variants.br || variants.gzip);
    const encoding = negotiated ? chooseEncoding(req.get("accept-encoding"), { br: !!variants.br, gzip: !!variants.gzip }) : "identity";
    const body = variants[encoding] as Buffer;
    res.setHeader("Content-Type", asset.type);
    res.setHeader("Cache-Control", CACHE_CONTROL);
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (negotiated) res.setHeader("Vary", "Accept-Encoding");
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);

    const range = parseRange(req.get("range"), body.length);
    if (range === "unsatisfiable") {
      res.status(416).setHeader("Content-Range", `bytes */${body.length}`);
      return res.end();
    }
    const part = range ? body.subarray(range.start, range.end + 1) : body;
    if (range) res.status(206).setHeader("Content-Range", `bytes ${range.start}-${range.end}/${body.length}`);
    res.setHeader("Content-Length", part.length);
    res.end(req.method === "HEAD" ? undefined : part);
  };
}
