import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { langCookie, setCookie } from "#app/lib/cookies.server.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { precompressDir } from "#scripts/precompress.ts";
import { createHitPath } from "#server/hit-path.ts";
import { cachedPage, type CachedPage } from "#server/page-cache.ts";
import { loadAssets } from "#server/precompressed.ts";
import { cacheKey, createPageStore, keyFieldsOf, requestKey, type PageStore } from "#server/router-handler.ts";

/**
 * The one early path (docs/decisions/0030): a kept page or an asset is
 * answered before Express; everything else, and every request a hit must not
 * answer (another language, scheme or host, a visitor's private cookie, a
 * request Express must refuse), goes on.
 */

const SECURITY = [
  ["content-security-policy", "default-src 'self'; script-src 'nonce-N1' 'strict-dynamic' 'self'; frame-ancestors 'none'"],
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["x-frame-options", "DENY"],
] as [string, string][];

/** A page as the router keeps it, its body naming what it was rendered for. */
const keep = (text: string, status = 200) =>
  cachedPage({
    status,
    headers: [["content-type", "text/html; charset=utf-8"], ["cache-control", "no-cache"], ...SECURITY],
    body: `<html><p>${text}</p><script nonce="N1">go()</script></html>`,
    nonce: "N1",
    expires: Infinity,
  });

/** The key the router keeps a page under for a request to `url` with these headers. */
const keyOf = (url: string, headers: Record<string, string> = {}, publicOrigin?: string) =>
  cacheKey(keyFieldsOf(new Request(url, { headers })), publicOrigin)!.key;

interface Setup {
  store: PageStore;
  lines: Record<string, unknown>[];
  /** Requests the early path left to what follows (Express). */
  passed: IncomingMessage[];
  get: (path: string, headers?: Record<string, string>, method?: string) => Promise<Answer>;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let server: Server | undefined;
let assetsDir: string | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  if (assetsDir) rmSync(assetsDir, { recursive: true, force: true });
  assetsDir = undefined;
});

async function serve(
  options: {
    trustProxy?: number | false;
    publicOrigin?: string;
    secureCookies?: boolean;
    assetsDir?: string;
    next?: (req: IncomingMessage) => void;
  } = {},
): Promise<Setup> {
  const store = createPageStore();
  const lines: Record<string, unknown>[] = [];
  const passed: IncomingMessage[] = [];
  const hits = createHitPath({
    assets: options.assetsDir ? loadAssets(options.assetsDir) : undefined,
    pages: store,
    publicOrigin: options.publicOrigin,
    trustProxy: express()
      .set("trust proxy", options.trustProxy ?? false)
      .get("trust proxy fn"),
    log: createLogger({ write: (line) => lines.push(JSON.parse(line)) }),
    secureCookies: options.secureCookies ?? false,
  });
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (hits(req, res)) return;
    passed.push(req);
    options.next?.(req);
    req.resume();
    res.writeHead(299).end("express");
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  // node:http, not fetch: it sends the Host given and leaves the body encoded.
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, method, headers: { host: "site.example", ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end(method === "POST" || headers["content-length"] ? "x=1" : undefined);
    });
  return { store, lines, passed, get };
}

const htmlOf = (answer: Answer) => answer.body.toString("utf8");

describe("a kept page on the early path", () => {
  it("goes out with the head it was kept with (its CSP by hashes, every security header), the bytes asked for, and a log line", async () => {
    const app = await serve();
    const page = await keep("about");
    app.store.pages.set(keyOf("http://site.example/company/about"), page);
    const answer = await app.get("/company/about?utm_source=mail", { "accept-encoding": "gzip, deflate, br" });
    expect(answer.status).toBe(200);
    expect(app.passed).toEqual([]);
    expect(answer.body).toEqual(page.body.br);
    for (const [name, value] of Object.entries(page.head.hit.br)) expect(answer.headers[name], name).toBe(String(value));
    expect(answer.headers["content-security-policy"]).toMatch(/script-src 'sha256-[^']+' 'strict-dynamic'/);
    expect(answer.headers["content-security-policy"]).not.toContain("nonce");
    expect(answer.headers["x-page-cache"]).toBe("hit");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    // One line, with the path and not the query (nothing a visitor typed beyond the page).
    expect(app.lines).toEqual([
      expect.objectContaining({
        level: "info",
        event: "request",
        method: "GET",
        path: "/company/about",
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
    expect(app.lines[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const head = await app.get("/company/about", { "accept-encoding": "gzip" }, "HEAD");
    expect([head.status, head.body.length, Number(head.headers["content-length"])]).toEqual([200, 0, page.body.gzip.length]);
  });

  it("answers the not-found page with its 404 from the not-found store", async () => {
    const app = await serve();
    app.store.notFound.set(keyOf("http://site.example/no/such/page"), await keep("not found", 404));
    const answer = await app.get("/no/such/page");
    expect([answer.status, htmlOf(answer)]).toEqual([404, expect.stringContaining("not found")]);
    expect(app.lines).toEqual([expect.objectContaining({ path: "/no/such/page", status: 404 })]);
  });

  it("gives each language its own page: from ?lang=, the lang cookie, Accept-Language, else English", async () => {
    const app = await serve();
    for (const lang of ["en", "vi"]) {
      app.store.pages.set(keyOf("http://site.example/company/about", { cookie: `lang=${lang}` }), await keep(`about in ${lang}`));
      app.store.pages.set(keyOf(`http://site.example/company/about?lang=${lang}`), await keep(`about in ${lang} by query`));
    }
    const text = async (path: string, headers: Record<string, string> = {}) => htmlOf(await app.get(path, headers));
    expect(await text("/company/about")).toContain("about in en");
    expect(await text("/company/about", { cookie: "lang=vi" })).toContain("about in vi");
    expect(await text("/company/about", { "accept-language": "vi-VN,vi;q=0.9,en;q=0.5" })).toContain("about in vi");
    expect(await text("/company/about", { cookie: "lang=en", "accept-language": "vi" })).toContain("about in en");
    expect(await text("/company/about?lang=vi", { cookie: "lang=en" })).toContain("about in vi by query");
    // No page kept for Mongolian: not answered with another language's.
    expect((await app.get("/company/about", { cookie: "lang=mn" })).status).toBe(299);
    expect(app.passed).toHaveLength(1);
  });

  it("sets the lang cookie when ?lang= chose a language the cookie does not hold, as setCookie writes it", async () => {
    for (const secure of [false, true]) {
      const app = await serve({ secureCookies: secure });
      app.store.pages.set(keyOf("http://site.example/company/about?lang=my"), await keep("about in my"));
      const changed = await app.get("/company/about?lang=my", { cookie: "lang=vi" });
      expect(changed.headers["set-cookie"]).toEqual([await setCookie(langCookie, "my", secure)]);
      expect((await app.get("/company/about?lang=my")).headers["set-cookie"]).toEqual([await setCookie(langCookie, "my", secure)]);
      expect((await app.get("/company/about?lang=my", { cookie: "lang=my" })).headers["set-cookie"]).toBeUndefined();
      expect(app.passed).toEqual([]);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it("keeps the scheme: X-Forwarded-Proto only from a trusted proxy", async () => {
    const direct = await serve({ trustProxy: false });
    direct.store.pages.set(keyOf("https://site.example/company/about"), await keep("about over https"));
    // A client claiming https straight to the app: its key is http's, and no page is kept for it.
    expect((await direct.get("/company/about", { "x-forwarded-proto": "https" })).status).toBe(299);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const proxied = await serve({ trustProxy: 1 });
    proxied.store.pages.set(keyOf("https://site.example/company/about"), await keep("about over https"));
    expect(htmlOf(await proxied.get("/company/about", { "x-forwarded-proto": "https" }))).toContain("about over https");
    expect((await proxied.get("/company/about", { "x-forwarded-proto": "http" })).status).toBe(299);
  });

  it("keeps the host, unless PUBLIC_ORIGIN gives every link", async () => {
    const app = await serve();
    app.store.pages.set(keyOf("http://site.example/company/about"), await keep("about on site.example"));
    expect((await app.get("/company/about", { host: "evil.example" })).status).toBe(299);
    expect(htmlOf(await app.get("/company/about", { host: "site.example" }))).toContain("about on site.example");
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const origin = "https://loans.example.com";
    const fixed = await serve({ publicOrigin: origin });
    fixed.store.pages.set(keyOf("http://loans.example.com/company/about", {}, origin), await keep("about for every host"));
    for (const host of ["evil.example", "10.0.0.5:3000"])
      expect(htmlOf(await fixed.get("/company/about", { host }))).toContain("every host");
  });

  it("serves nothing from the cache to a request with a visitor's own cookie", async () => {
    const app = await serve();
    app.store.pages.set(keyOf("http://site.example/loan-consultation-complete"), await keep("shared completion page"));
    for (const cookie of ["admin_session=token", "consultation_done=signed", "admin_second_step=signed", "lang=vi; admin_session=token"]) {
      const answer = await app.get("/loan-consultation-complete", { cookie });
      expect([answer.status, htmlOf(answer)], cookie).toEqual([299, "express"]);
    }
    expect(app.lines).toEqual([]);
  });

  it("leaves to Express what Express must refuse or read: a Host that is none, a path that does not decode, a body, a POST", async () => {
    const app = await serve();
    app.store.pages.set(keyOf("http://site.example/company/about"), await keep("about"));
    expect((await app.get("/company/about", { host: "bad host" })).status).toBe(299);
    expect((await app.get("/company/%E0%A4%A/../about")).status).toBe(299);
    expect((await app.get("/company/about", { "content-length": "3" })).status).toBe(299);
    expect((await app.get("/company/about", {}, "POST")).status).toBe(299);
    expect(app.passed).toHaveLength(4);
    // The Host check is made again for a new Host, not only once.
    expect((await app.get("/company/about")).status).toBe(200);
    expect((await app.get("/company/about", { host: "a b" })).status).toBe(299);
  });

  it("computes a request's key once: the router reads the key the early path found no page for", async () => {
    const keys: unknown[] = [];
    const app = await serve({
      next: (req) => {
        // A cookie the key would now refuse: the router still gets the key computed before.
        req.headers.cookie = "admin_session=token";
        keys.push(requestKey(req, "http")?.key);
      },
    });
    await app.get("/company/about?lang=vi");
    expect(keys).toEqual(["vi http://site.example/company/about?lang=vi"]);
  });
});

describe("an asset on the early path", () => {
  it("is answered from memory with its head made at start, the query ignored; an unknown name goes on", async () => {
    assetsDir = mkdtempSync(join(tmpdir(), "hit-path-"));
    const script = `console.log(${JSON.stringify("x".repeat(5000))});\n`;
    writeFileSync(join(assetsDir, "app-abc123.js"), script);
    precompressDir(assetsDir);
    const app = await serve({ assetsDir });
    const answer = await app.get("/assets/app-abc123.js?v=1", { "accept-encoding": "gzip, deflate, br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect((await app.get("/assets/missing-abc123.js")).status).toBe(299);
    // Assets have no request log line: nothing about them is a visitor's page view.
    expect(app.lines).toEqual([]);
  });
});

describe("what a kept page is sent with", () => {
  it("is the same head from the cache as for the request that rendered it, but for X-Page-Cache", async () => {
    const page: CachedPage = await keep("about");
    for (const encoding of ["identity", "br", "gzip"] as const) {
      const { "x-page-cache": hit, ...fromCache } = page.head.hit[encoding];
      const { "x-page-cache": miss, ...rendered } = page.head.miss[encoding];
      expect([hit, miss]).toEqual(["hit", "miss"]);
      expect(fromCache, encoding).toEqual(rendered);
      for (const [name] of SECURITY) expect(fromCache[name], `${encoding} ${name}`).toBeDefined();
    }
  });
});
