import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "#scripts/precompress.ts";
import { chooseEncoding, parseRange, precompressedAssets } from "#server/precompressed.ts";
import { rawGet } from "#tests/support/raw-get.ts";

/**
 * Hashed assets from precompressed bytes (issue 13, point 1): the build
 * writes .br and .gz beside each compressible file; the server sends the
 * best variant the request accepts, with the right headers, HEAD and Range.
 */
describe("choosing an encoding", () => {
  const both = { br: true, gzip: true };
  it.each([
    ["gzip, deflate, br", both, "br"],
    ["gzip, deflate, br, zstd", both, "br"],
    ["gzip", both, "gzip"],
    ["br;q=0, gzip", both, "gzip"],
    ["br;q=0, gzip;q=0", both, "identity"],
    ["identity", both, "identity"],
    ["", both, "identity"],
    ["*", both, "br"],
    ["*;q=0", both, "identity"],
    ["gzip, br", { br: false, gzip: true }, "gzip"],
    ["BR;Q=0.5, GZIP;q=1", both, "br"],
  ] as const)("%j with %j → %s", (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

describe("reading a Range header", () => {
  it.each([
    [undefined, 100, null],
    ["bytes=0-9", 100, { start: 0, end: 9 }],
    ["bytes=90-", 100, { start: 90, end: 99 }],
    ["bytes=-10", 100, { start: 90, end: 99 }],
    ["bytes=-500", 100, { start: 0, end: 99 }],
    ["bytes=50-500", 100, { start: 50, end: 99 }],
    ["bytes=100-", 100, "unsatisfiable"],
    ["bytes=9-3", 100, "unsatisfiable"],
    ["bytes=-0", 100, "unsatisfiable"],
    ["bytes=0-1,5-6", 100, null],
    ["items=0-1", 100, null],
    ["bytes=-", 100, null],
  ] as const)("%j of %d bytes → %j", (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe("serving precompressed assets", () => {
  let dir: string;
  let server: Server;
  let base: string;
  const script = `console.log(${JSON.stringify("안녕하세요 ".repeat(2000))});\n`;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "precompressed-"));
    writeFileSync(join(dir, "app-abc123.js"), script);
    writeFileSync(join(dir, "tiny-abc123.css"), "a{}");
    precompressDir(dir);
    const app = express();
    app.use("/assets", precompressedAssets(dir));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string>, method = "GET") => rawGet(`${base}${path}`, headers, method);

  it("sends brotli to a browser, with the script's type, its own length, Vary and the immutable headers", async () => {
    const res = await get("/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script) / 5);
    expect(brotliDecompressSync(res.body).toString("utf8")).toBe(script);
  });

  it("sends gzip when brotli is not accepted, and the file as it is when nothing is", async () => {
    const gz = await get("/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString("utf8")).toBe(script);
    const plain = await get("/app-abc123.js", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(script);
    expect(plain.headers.vary).toContain("Accept-Encoding");
  });

  it("answers HEAD with the variant's length and no body, and a Range of the encoded bytes", async () => {
    const head = await get("/app-abc123.js", { "accept-encoding": "br" }, "HEAD");
    const full = await get("/app-abc123.js", { "accept-encoding": "br" });
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(full.body.length);
    expect(head.body.length).toBe(0);
    const part = await get("/app-abc123.js", { "accept-encoding": "br", range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${full.body.length}`);
    expect(part.body).toEqual(full.body.subarray(0, 10));
  });

  it("answers a range past the end with 416 and the length, and several ranges with the whole file", async () => {
    const full = await get("/app-abc123.js", { "accept-encoding": "gzip" });
    const past = await get("/app-abc123.js", { "accept-encoding": "gzip", range: `bytes=${full.body.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${full.body.length}`);
    const several = await get("/app-abc123.js", { "accept-encoding": "gzip", range: "bytes=0-1,4-5" });
    expect(several.status).toBe(200);
    expect(several.body).toEqual(full.body);
  });

  it("says nosniff, and leaves unknown names and other methods to what follows", async () => {
    const res = await get("/app-abc123.js", {});
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect((await get("/missing-abc123.js", {})).status).toBe(404);
    expect((await get("/app-abc123.js.br", {})).status).toBe(404);
    expect((await get("/app-abc123.js", {}, "POST")).status).toBe(404);
  });

  it("has no variant for a file compression would not shrink, and no Vary for it", async () => {
    const res = await get("/tiny-abc123.css", { "accept-encoding": "br" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe("a{}");
  });
});
