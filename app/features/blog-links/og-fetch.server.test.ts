import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchOpenGraph, isPublicAddress, OgFetchError } from "#app/features/blog-links/og-fetch.server.ts";

const PAGE = `<!doctype html><html><head><meta charset="utf-8">
<title>Fallback title</title>
<meta content="Visa renewal &amp; loans — 비자 연장" property="og:title">
<meta property='og:image' content='/images/card.png'>
</head><body>hello</body></html>`;

/** A local test site; tests reach it only through the explicit allow-list. */
let server: Server;
let base: string;
let host: string;
let bodyBytesSent = 0;
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "/page": (_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE),
  "/hop1": (_req, res) => res.writeHead(302, { location: "/hop2" }).end(),
  "/hop2": (_req, res) => res.writeHead(301, { location: `${base}/hop3` }).end(),
  "/hop3": (_req, res) => res.writeHead(307, { location: "/page" }).end(),
  "/hop0": (_req, res) => res.writeHead(302, { location: "/hop1" }).end(),
  "/to-private": (_req, res) => res.writeHead(302, { location: "http://10.0.0.1/admin" }).end(),
  "/to-metadata": (_req, res) => res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
  "/to-ftp": (_req, res) => res.writeHead(302, { location: "ftp://files.example.com/x" }).end(),
  "/json": (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"),
  "/missing": (_req, res) => res.writeHead(404, { "content-type": "text/html" }).end("no"),
  "/slow": () => {
    // Never answers: the fetch must give up on its own.
  },
  "/huge": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.write(PAGE.replace("</head>", ""));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < 20 * 1024 * 1024) {
        sent += chunk.length;
        bodyBytesSent = sent;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    res.on("close", () => (bodyBytesSent = sent));
    pump();
  },
  "/euc-kr": (_req, res) => {
    // "<title>안녕</title>" in EUC-KR.
    const title = Buffer.from([0xbe, 0xc8, 0xb3, 0xe7]);
    res.writeHead(200, { "content-type": "text/html; charset=euc-kr" });
    res.end(Buffer.concat([Buffer.from("<html><head><title>"), title, Buffer.from("</title></head></html>")]));
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const handler = routes[(req.url ?? "").split("?")[0] ?? ""];
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  base = `http://${host}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allowed = () => ({ allowHosts: [host], timeoutMs: 2000 });
const code = async (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (e: unknown) => (e instanceof OgFetchError ? e.code : String(e)),
  );

describe("Open Graph fetch against a local server (allow-listed)", () => {
  it("reads og:title (entities decoded) and og:image resolved against the page, and the domain", async () => {
    const og = await fetchOpenGraph(`${base}/page`, allowed());
    expect(og).toEqual({
      finalUrl: `${base}/page`,
      title: "Visa renewal & loans — 비자 연장",
      image: `${base}/images/card.png`,
      domain: "127.0.0.1",
    });
  });

  it("follows up to 3 redirects and refuses a 4th", async () => {
    expect((await fetchOpenGraph(`${base}/hop1`, allowed())).finalUrl).toBe(`${base}/page`);
    expect(await code(fetchOpenGraph(`${base}/hop0`, allowed()))).toBe("redirects");
  });

  it("checks every redirect target again: private, link-local and non-http targets are refused", async () => {
    expect(await code(fetchOpenGraph(`${base}/to-private`, allowed()))).toBe("blocked");
    expect(await code(fetchOpenGraph(`${base}/to-metadata`, allowed()))).toBe("blocked");
    expect(await code(fetchOpenGraph(`${base}/to-ftp`, allowed()))).toBe("url");
  });

  it("gives up after the timeout", async () => {
    const started = Date.now();
    expect(await code(fetchOpenGraph(`${base}/slow`, { allowHosts: [host], timeoutMs: 300 }))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("stops reading at the size cap (and still reads the head)", async () => {
    bodyBytesSent = 0;
    const og = await fetchOpenGraph(`${base}/huge`, { allowHosts: [host], maxBytes: 256 * 1024, timeoutMs: 5000 });
    expect(og.title).toBe("Visa renewal & loans — 비자 연장");
    await new Promise((r) => setTimeout(r, 50));
    expect(bodyBytesSent).toBeLessThan(20 * 1024 * 1024);
  });

  it("refuses what is not an HTML page, and error statuses", async () => {
    expect(await code(fetchOpenGraph(`${base}/json`, allowed()))).toBe("not_html");
    expect(await code(fetchOpenGraph(`${base}/missing`, allowed()))).toBe("status");
  });

  it("decodes a page in its declared charset (EUC-KR)", async () => {
    expect((await fetchOpenGraph(`${base}/euc-kr`, allowed())).title).toBe("안녕");
  });
});

describe("refusal of private addresses (no allow-list)", () => {
  it.each([
    "http://127.0.0.1/",
    "http://127.1.2.3:8080/x",
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://192.168.0.10/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[fe80::1]/",
    "http://[fd00::1]/",
  ])("%s", async (url) => {
    expect(await code(fetchOpenGraph(url, { timeoutMs: 1000 }))).toBe("blocked");
  });

  it("refuses the local test server itself unless it is allow-listed", async () => {
    expect(await code(fetchOpenGraph(`${base}/page`, { timeoutMs: 1000 }))).toBe("blocked");
    expect(await code(fetchOpenGraph(`${base}/page`, { allowHosts: ["127.0.0.1:1"], timeoutMs: 1000 }))).toBe("blocked");
  });

  it("refuses a host name when any of its addresses is private (DNS is checked, every address)", async () => {
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ];
    expect(await code(fetchOpenGraph("http://mixed.example.com/", { resolve, timeoutMs: 1000 }))).toBe("blocked");
    const loopback = async () => [{ address: "127.0.0.1", family: 4 }];
    expect(await code(fetchOpenGraph("http://rebind.example.com/", { resolve: loopback, timeoutMs: 1000 }))).toBe("blocked");
  });

  it.each(["ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "http://user:pw@example.com/", "not a url"])(
    "refuses %s as a URL",
    async (url) => {
      expect(await code(fetchOpenGraph(url))).toBe("url");
    },
  );

  it("classifies addresses", () => {
    for (const a of ["8.8.8.8", "93.184.215.14", "2606:4700::1111"]) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "169.254.1.1",
      "192.168.1.1",
      "::1",
      "fe80::1",
      "fc00::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "224.0.0.1",
      "localhost",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});
