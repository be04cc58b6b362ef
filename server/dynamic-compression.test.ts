import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DYNAMIC_COMPRESSION, dynamicCompression } from "#server/dynamic-compression.ts";
import { rawGet } from "#tests/support/raw-get.ts";

/**
 * Responses made per request are compressed at levels that suit per-request
 * work (issue 13, point 4): brotli ≤ 5, gzip ≤ 6, nothing under 1 KiB, and
 * nothing that already carries an encoding.
 */
describe("dynamic compression", () => {
  let server: Server;
  let base: string;
  const json = JSON.stringify({ res_status: 200, data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })) });
  beforeAll(async () => {
    const app = express();
    app.use(dynamicCompression());
    app.get("/big", (_req, res) => void res.type("application/json").send(json));
    app.get("/small", (_req, res) => void res.type("application/json").send('{"res_status":200}'));
    app.get(
      "/encoded",
      (_req, res) =>
        void res
          .type("text/html")
          .set("Content-Encoding", "gzip")
          .send(gzipSync("<p>" + "x".repeat(4000))),
    );
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("stays within the levels meant for per-request work", () => {
    expect(DYNAMIC_COMPRESSION.brotliQuality).toBeLessThanOrEqual(5);
    expect(DYNAMIC_COMPRESSION.gzipLevel).toBeLessThanOrEqual(6);
    expect(DYNAMIC_COMPRESSION.thresholdBytes).toBeGreaterThan(0);
  });

  it("sends a browser brotli at that quality, with Vary", async () => {
    const res = await rawGet(`${base}/big`, { "accept-encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(res.body).toString()).toBe(json);
    const expected = brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_COMPRESSION.brotliQuality,
        [constants.BROTLI_PARAM_LGWIN]: DYNAMIC_COMPRESSION.brotliWindowBits,
      },
    });
    expect(res.body.length).toBe(expected.length);
  });

  it("sends gzip when brotli is refused, and nothing compressed when neither is accepted", async () => {
    const gz = await rawGet(`${base}/big`, { "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(json);
    const plain = await rawGet(`${base}/big`, { "accept-encoding": "br;q=0, gzip;q=0, deflate;q=0" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(json);
  });

  it("leaves a body under the threshold and one already encoded as they are", async () => {
    const small = await rawGet(`${base}/small`, { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    const encoded = await rawGet(`${base}/encoded`, { "accept-encoding": "br" });
    expect(encoded.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(encoded.body).toString()).toMatch(/^<p>x+$/);
  });
});
