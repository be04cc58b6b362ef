import type { AddressInfo } from "node:net";
import { createServer, request, type Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { sameOrigin } from "#server/security.ts";

/** An app with the origin check in front of a POST that answers 200, on a free port. */
async function serve(trustProxy: number | false) {
  const warnings: string[] = [];
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(sameOrigin([], (event, fields) => warnings.push(`${event}: ${fields.message}`)));
  app.post("/form", (_req, res) => void res.send("ok"));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  // node:http, not fetch: fetch does not let a caller set Host.
  const post = (headers: Record<string, string>) =>
    new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, path: "/form", method: "POST", headers: { host: "site.example", ...headers } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode));
        },
      );
      req.on("error", reject);
      req.end();
    });
  return { server, warnings, post };
}

describe("the origin check behind a proxy", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it("says once, naming TRUST_PROXY, when https POSTs fail because the proxy's scheme is not trusted", async () => {
    const app = await serve(false);
    server = app.server;
    const browser = { origin: "https://site.example", "x-forwarded-proto": "https" };
    expect(await app.post(browser)).toBe(403);
    expect(await app.post(browser)).toBe(403);
    expect(app.warnings).toHaveLength(1);
    expect(app.warnings[0]).toMatch(/^security\.proxy_scheme_untrusted: .*TRUST_PROXY/);
  });

  it("passes them once the proxy is trusted, and warns of nothing", async () => {
    const app = await serve(1);
    server = app.server;
    expect(await app.post({ origin: "https://site.example", "x-forwarded-proto": "https" })).toBe(200);
    expect(app.warnings).toEqual([]);
  });

  it("refuses a foreign origin without blaming the proxy", async () => {
    const app = await serve(false);
    server = app.server;
    expect(await app.post({ origin: "https://evil.example" })).toBe(403);
    expect(await app.post({ origin: "http://site.example" })).toBe(200);
    expect(app.warnings).toEqual([]);
  });

  it("passes Origin: null only from the same site (a no-referrer page's own form, issue 28)", async () => {
    const app = await serve(false);
    server = app.server;
    expect(await app.post({ origin: "null", "sec-fetch-site": "same-origin" })).toBe(200);
    expect(await app.post({ origin: "null", "sec-fetch-site": "cross-site" })).toBe(403);
    expect(await app.post({ origin: "null" })).toBe(403);
  });
});
