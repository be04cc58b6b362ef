import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApp, type ServerServices } from "#server/app.ts";
import { ClientGone, toWebRequest } from "#server/router-handler.ts";
import { logParserRefusals } from "#server/malformed.ts";
import { refusalPage } from "#server/body-gate.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { BadRequest, readBody } from "#app/lib/http.server.ts";
import { serverT } from "#app/i18n/catalog.server.ts";

/**
 * The body gate (server/body-gate.ts, ADR 0044) on the real Express app and a
 * real HTTP server, with raw TCP clients that send a body's head and then
 * hold it: the cap answers one body too many with 503 at once, in the
 * visitor's language or the API's envelope; a body that stops coming is
 * answered 408 and its connection closed (a deadline of a few hundred
 * milliseconds, swept every 20 ms: no long sleep); a client gone mid-body is
 * one info line without a stack.
 */
let server: Server | null = null;
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  server?.close();
  server = null;
});

async function start(bodies: { maxBodies?: number; graceMs?: number; minBytesPerSecond?: number } = {}) {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({ level: "info", write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const services = { log, secureCookies: false } as unknown as ServerServices;
  const app = createApp({ services, ping: async () => true, bodies: { maxBodies: 2, graceMs: 60_000, sweepMs: 20, ...bodies } });
  // As a form action reads its body: through the web Request React Router is given, a BadRequest answered 400.
  app.post(["/loan-consultation", "/svc/answer/create"], async (req, res) => {
    try {
      const body = await readBody(toWebRequest(req, res), 64 * 1024);
      res.type("text/plain").send(`read ${body.byteLength}`);
    } catch (error) {
      if (!(error instanceof BadRequest)) {
        log.error("form.failed", {}, error);
        throw error;
      }
      if (!res.writableEnded) res.status(400).send("malformed");
    }
  });
  server = createServer(app);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { port, lines, gate: app.locals.bodyGate as { reading(): number } };
}

/** A client that sends a request's head and the first bytes of a 4 KB body, then holds it. */
function slowPost(port: number, path: string, headers: Record<string, string> = {}) {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  const seen = { text: "", closed: false };
  socket.on("data", (chunk: Buffer) => (seen.text += chunk.toString("utf8")));
  socket.on("close", () => (seen.closed = true));
  socket.on("error", () => {});
  const head = Object.entries({ "Content-Type": "application/x-www-form-urlencoded", ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4096\r\n${head}\r\nname=`);
  return { socket, seen };
}

async function until(condition: () => boolean, ms = 3000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("bodies read at once", () => {
  it("answers the body one over the cap with 503 and Retry-After at once, as a page in the visitor's language", async () => {
    const { port, gate } = await start({ maxBodies: 2, graceMs: 10_000 });
    slowPost(port, "/loan-consultation");
    slowPost(port, "/loan-consultation");
    await until(() => gate.reading() === 2);
    const third = slowPost(port, "/loan-consultation", { "Accept-Language": "mn" });
    await until(() => third.seen.text.includes("</html>"));
    expect(third.seen.text).toMatch(/^HTTP\/1\.1 503 /);
    expect(third.seen.text).toMatch(/\r\nRetry-After: 10\r\n/i);
    expect(third.seen.text).toMatch(/content-type: text\/html/i);
    expect(third.seen.text).toContain('<html lang="mn">');
    expect(third.seen.text).toContain(serverT("mn", "overload.busy.page"));
    expect(third.seen.text).toContain('href="/loan-consultation?lang=mn"');
    // The two being read are still being read; the refused one never took a slot.
    expect(gate.reading()).toBe(2);
  });

  it("answers an API body over the cap in the API's envelope, in the request's language", async () => {
    const { port, gate } = await start({ maxBodies: 1, graceMs: 7_000 });
    slowPost(port, "/svc/answer/create", { "Content-Type": "application/json" });
    await until(() => gate.reading() === 1);
    const second = slowPost(port, "/svc/answer/create?lang=vi", { "Content-Type": "application/json" });
    await until(() => second.seen.text.includes("}"));
    expect(second.seen.text).toMatch(/^HTTP\/1\.1 503 /);
    expect(second.seen.text).toMatch(/\r\nRetry-After: 7\r\n/i);
    const json = JSON.parse(second.seen.text.slice(second.seen.text.indexOf("\r\n\r\n") + 4)) as Record<string, unknown>;
    expect(json).toEqual({ res_status: 503, message: serverT("vi", "overload.busy.body"), errors: {} });
    // The form sent with JavaScript is still on the screen (issue 51): it says to send it again, not to go back.
    expect(serverT("en", "overload.busy.body")).toContain("send it again in a few seconds");
    expect(serverT("en", "overload.busy.body")).not.toMatch(/go back/i);
  });

  it("frees a slot when a body has arrived: the next one is read", async () => {
    const { port, gate } = await start({ maxBodies: 1 });
    const first = slowPost(port, "/loan-consultation");
    await until(() => gate.reading() === 1);
    first.socket.write("x".repeat(4096 - 5));
    await until(() => first.seen.text.includes("read 4096"));
    expect(gate.reading()).toBe(0);
    const next = slowPost(port, "/loan-consultation");
    next.socket.write("y".repeat(4096 - 5));
    await until(() => next.seen.text.includes("read 4096"));
    expect(next.seen.text).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("leaves requests without a body alone", async () => {
    const { port } = await start({ maxBodies: 1 });
    slowPost(port, "/loan-consultation");
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe("the refusal page", () => {
  it("puts the self-hosted Unicode font first in Burmese, and escapes what it shows", () => {
    const page = refusalPage("my", "<t>", "m & m", { href: '/x?"', text: "b" }, "/assets/noto-sans-myanmar-X.woff2");
    expect(page).toContain('<html lang="my">');
    expect(page).toMatch(/<main><h1[^>]*>&lt;t&gt;<\/h1>/);
    expect(page).toContain('src:url("/assets/noto-sans-myanmar-X.woff2")');
    expect(page).toContain('font-family:"Noto Sans Myanmar Web",system-ui');
    expect(page).toContain("<title>&lt;t&gt;</title>");
    expect(page).toContain('href="/x?&quot;"');
    expect(refusalPage("vi", "t", "m", { href: "/", text: "b" }, "/assets/noto-sans-myanmar-X.woff2")).not.toContain(
      "Noto Sans Myanmar Web",
    );
  });
});

describe("a body that stops coming", () => {
  it("is answered 408 after the grace period at less than the minimum rate, and its connection closed", async () => {
    const { port, gate, lines } = await start({ maxBodies: 4, graceMs: 200, minBytesPerSecond: 1000 });
    const slow = slowPost(port, "/loan-consultation", { Cookie: "lang=id" });
    await until(() => gate.reading() === 1);
    await until(() => slow.seen.closed);
    expect(slow.seen.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow.seen.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(slow.seen.text).toContain(serverT("id", "overload.slow.body"));
    expect(gate.reading()).toBe(0);
    // Our own answer, not a client gone: no request_aborted, no error.
    expect(lines.filter((line) => line.event === "request_aborted" || line.level === "error")).toEqual([]);
  });

  it("is not answered while it keeps coming at the minimum rate", async () => {
    const { port, gate } = await start({ maxBodies: 4, graceMs: 100, minBytesPerSecond: 1000 });
    const steady = slowPost(port, "/loan-consultation");
    await until(() => gate.reading() === 1);
    // 4 KB in ~400 ms: 10 kB/s, well above 1 kB/s, past the grace period.
    for (let sent = 5; sent < 4096; sent += 100) {
      steady.socket.write("z".repeat(Math.min(100, 4096 - sent)));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await until(() => steady.seen.text.includes("read 4096"));
    expect(steady.seen.text).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe("a client that goes away mid-body", () => {
  it("is one info line, request_aborted, without a stack or the body, and no error", async () => {
    const { port, gate, lines } = await start();
    const gone = slowPost(port, "/loan-consultation?name=secret", { "X-Forwarded-For": "203.0.113.9" });
    await until(() => gate.reading() === 1);
    gone.socket.destroy();
    await until(() => lines.some((line) => line.event === "request_aborted"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const aborted = lines.filter((line) => line.event === "request_aborted");
    expect(aborted).toHaveLength(1);
    expect(aborted[0]).toMatchObject({ level: "info", method: "POST", path: "/loan-consultation" });
    expect(aborted[0]).not.toHaveProperty("stack");
    expect(JSON.stringify(aborted[0])).not.toMatch(/secret|203\.0\.113/);
    expect(lines.filter((line) => line.level === "error" || line.level === "warn")).toEqual([]);
    expect(gate.reading()).toBe(0);
  });

  it("reaches the code reading the body as a BadRequest (a body that cannot be read), not a failure of ours", () => {
    const error = new ClientGone();
    expect(error).toBeInstanceOf(BadRequest);
    expect(error.code).toBe("malformed");
  });

  it("is not logged as a parser refusal when Node's parser sees the body cut short", () => {
    const logged: string[] = [];
    const onClientError = logParserRefusals((event) => logged.push(event));
    const socket = { writable: true, on() {}, destroy() {}, end() {} } as unknown as import("node:stream").Duplex;
    onClientError(Object.assign(new Error("Parse Error: Invalid EOF state"), { code: "HPE_INVALID_EOF_STATE" }), socket);
    expect(logged).toEqual([]);
  });
});
