import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import compression from "compression";

/**
 * Compression of what is made per request (the console, the /svc API, pages
 * that are not cached, form answers): levels that suit per-request work
 * (issue 13, point 4). Brotli at quality 4 costs about what gzip 6 does and
 * is smaller; its window is cut from the default 4 MiB to 256 KiB (no dynamic
 * response here is larger, and every brotli stream allocates its window), and
 * gzip's memory level from 8 to 7. Bodies under 1 KiB go as they are: their
 * headers outweigh what compression would save. Responses that already carry
 * a Content-Encoding (precompressed assets, cached pages) pass untouched.
 */
export const DYNAMIC_COMPRESSION = {
  brotliQuality: 4,
  brotliWindowBits: 18,
  gzipLevel: 6,
  gzipMemLevel: 7,
  thresholdBytes: 1024,
} as const;

export function dynamicCompression() {
  return compression({
    threshold: DYNAMIC_COMPRESSION.thresholdBytes,
    level: DYNAMIC_COMPRESSION.gzipLevel,
    memLevel: DYNAMIC_COMPRESSION.gzipMemLevel,
    brotli: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_COMPRESSION.brotliQuality,
        [constants.BROTLI_PARAM_LGWIN]: DYNAMIC_COMPRESSION.brotliWindowBits,
      },
    },
  });
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The HTML of a response rendered per request larger than this is sent as it streams (no such page yet). */
export const WHOLE_BODY_MAX_BYTES = 512 * 1024;

/**
 * A whole body compressed in one call, in the thread pool, at the levels
 * above (docs/decisions/0045): a page React rendered per request (the status
 * page, the console) arrives in some 25 small chunks, and compressing each as
 * it streams cost about as much again as one call on the whole page, on the
 * main thread.
 */
export function compressWhole(body: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: DYNAMIC_COMPRESSION.gzipLevel, memLevel: DYNAMIC_COMPRESSION.gzipMemLevel });
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_COMPRESSION.brotliQuality,
      [constants.BROTLI_PARAM_LGWIN]: DYNAMIC_COMPRESSION.brotliWindowBits,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
