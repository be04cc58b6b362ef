import { readdirSync } from "node:fs";
import { extname, join } from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";

/**
 * Hashed assets from the bytes the build compressed (scripts/precompress.ts):
 * the best variant the request accepts (brotli, then gzip, else the file as
 * it is), with `Content-Encoding`, `Vary: Accept-Encoding`, its own length,
 * the immutable cache headers; `HEAD` and `Range` as `express.static` does
 * them (a range applies to the encoded bytes). Nothing is compressed per
 * request. Which variants exist is read once, at start.
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

const SUFFIX: Record<Exclude<Encoding, "identity">, string> = { br: ".br", gzip: ".gz" };

function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...listFiles(join(dir, entry.name), `${prefix}${entry.name}/`));
    else out.push(`${prefix}${entry.name}`);
  }
  return out;
}

export function precompressedAssets(dir: string) {
  const files = new Set(listFiles(dir));
  const serve = express.static(dir, {
    immutable: true,
    maxAge: "1y",
    index: false,
    etag: false,
    setHeaders(res, path) {
      const encoding = res.locals.assetEncoding as Encoding | undefined;
      if (!encoding || encoding === "identity") return;
      // The type of what was asked for, not of the .br/.gz file.
      res.type(extname(path.slice(0, -SUFFIX[encoding].length)));
      res.setHeader("Content-Encoding", encoding);
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = decodeURIComponent(req.path.slice(1));
    const available = { br: files.has(`${name}.br`), gzip: files.has(`${name}.gz`) };
    if (available.br || available.gzip) {
      res.setHeader("Vary", "Accept-Encoding");
      const encoding = chooseEncoding(req.get("accept-encoding"), available);
      res.locals.assetEncoding = encoding;
      if (encoding !== "identity") req.url = `${req.path}${SUFFIX[encoding]}`;
    }
    serve(req, res, next);
  };
}
