/**
 * After `react-router build`: writes `.br` (quality 11) and `.gz` (level 9)
 * beside every compressible file of build/client/assets (JS, CSS, SVG, JSON,
 * XML, TXT, source maps), so the server sends them as bytes and compresses
 * nothing at request time for them (issue 13). A variant that saves less
 * than 5 % is not written. Hashed names never change, so this runs once per build.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { writeSiteStylesheet } from "#server/client-manifest.ts";

export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|xml|txt|map|webmanifest)$/;

export function precompressDir(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const inner = precompressDir(path);
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += inner[k];
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    totals.files++;
    totals.bytes += raw.length;
    if (br.length < raw.length * 0.95) {
      writeFileSync(`${path}.br`, br);
      totals.br += br.length;
    }
    if (gz.length < raw.length * 0.95) {
      writeFileSync(`${path}.gz`, gz);
      totals.gz += gz.length;
    }
  }
  return totals;
}

if (import.meta.main) {
  const dir = new URL("../build/client/assets", import.meta.url).pathname;
  // The public pages' CSS as one hashed stylesheet (docs/decisions/0045), compressed with the rest.
  writeSiteStylesheet(new URL("../build/client", import.meta.url).pathname);
  const t = precompressDir(dir);
  console.log(
    `precompress: ${t.files} files, ${(t.bytes / 1024).toFixed(0)} KB → br ${(t.br / 1024).toFixed(0)} KB, gzip ${(t.gz / 1024).toFixed(0)} KB`,
  );
}
