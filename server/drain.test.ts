import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { createDrain } from "#server/drain.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import type { ServerServices } from "#server/app.ts";
import { RawConnection, rawRequest } from "#tests/support/raw-http.ts";

/**
 * SIGTERM behind a load balancer (server/drain.ts, ADR 0026), on the real
 * Express app and a real HTTP server: while the delay runs /readyz answers
 * 503 and every response closes its connection; then new connections are
 * refused, the request in flight finishes and idle keep-alive connections
 * are closed. The delay is a promise the test releases, never a sleep.
 */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const get = (path: string) => rawRequest("GET", path, { host: "localhost" });

/** Whether a new TCP connection to the port is accepted now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

let server: Server | null = null;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = null;
});

async function start(delayMs: number) {
  const delay = deferred();
  const slow = deferred();
  const drain = createDrain({ delayMs, wait: () => delay.promise });
  const services = { log: silentLogger, secureCookies: false } as unknown as ServerServices;
  const app = createApp({ services, ping: async () => true, ready: async () => true, draining: drain.draining });
  app.get("/slow", async (_req, res) => {
    await slow.promise;
    res.type("text/plain").send("finished");
  });
  server = createServer(drain.listener(app));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { drain, delay, slow, port, server };
}

describe("draining on SIGTERM", () => {
  it("answers /readyz 503 with Connection: close during the delay, then refuses, finishes in-flight requests and closes idle connections", async () => {
    const { drain, delay, slow, port, server } = await start(5_000);

    const idle = await RawConnection.open(port);
    idle.write(get("/readyz"));
    const before = await idle.response();
    expect(before?.status).toBe(200);
    expect(before?.headers.connection).toBe("keep-alive");

    const inFlight = await RawConnection.open(port);
    inFlight.write(get("/slow"));

    const drained = drain.drain(server);
    expect(drain.draining()).toBe(true);

    // The delay: still serving, not ready, each response closing its connection.
    const during = await RawConnection.open(port);
    during.write(get("/readyz"));
    const notReady = await during.response();
    expect(notReady?.status).toBe(503);
    expect(JSON.parse(notReady?.body ?? "")).toEqual({ status: "draining" });
    expect(notReady?.headers.connection).toBe("close");
    expect(notReady?.headers["retry-after"]).toBe("10");
    await during.closed();
    const page = await RawConnection.open(port);
    page.write(get("/healthz"));
    expect((await page.response())?.status).toBe(200);
    await page.closed();

    // The delay is over: no new connection, the idle one closed, the one in flight finishes.
    delay.resolve();
    await expect.poll(() => accepts(port), { timeout: 5_000 }).toBe(false);
    await idle.closed();
    slow.resolve();
    const finished = await inFlight.response();
    expect(finished?.status).toBe(200);
    expect(finished?.body).toBe("finished");
    expect(finished?.headers.connection).toBe("close");
    await inFlight.closed();
    await drained;
  });

  it("without a delay stops accepting at once (npm start, Ctrl-C)", async () => {
    const { drain, port, server } = await start(0);
    const drained = drain.drain(server);
    await drained;
    expect(await accepts(port)).toBe(false);
  });
});
