import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { settleUnreadBody } from "#server/unread-body.ts";

/**
 * A body refused before it is read, on a connection that must close: the
 * answer goes out, and what the client is still sending is read and dropped
 * until it closes its side (RFC 9112 §9.6). Closed at once instead, the
 * kernel answers the unread bytes with a reset, and the client, still
 * writing, sees a broken connection (often before it has read the 400).
 * A real HTTP server and a raw TCP client.
 */
let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  server?.close();
  server = null;
});

async function listen(options: Parameters<typeof settleUnreadBody>[0] = {}): Promise<number> {
  const app = express();
  app.use(settleUnreadBody(options));
  app.post("/refuse", (_req, res) => void res.status(400).send("too big"));
  server = createServer(app);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

/** A client that, like a browser still uploading, keeps its side open when the server closes its own. */
function open(port: number): Socket {
  return connect({ port, host: "127.0.0.1", allowHalfOpen: true });
}

/** What the client saw: every byte, its half of the close, and any error. */
function watch(socket: Socket) {
  const seen = { text: "", ended: false, closed: false, error: null as NodeJS.ErrnoException | null };
  socket.on("data", (chunk: Buffer) => (seen.text += chunk.toString("latin1")));
  socket.on("end", () => (seen.ended = true));
  socket.on("close", () => (seen.closed = true));
  socket.on("error", (error) => (seen.error = error));
  return seen;
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

function write(socket: Socket, data: string): Promise<void> {
  return new Promise((resolve) => socket.write(data, () => resolve()));
}

function connections(): Promise<number> {
  return new Promise((resolve, reject) => server!.getConnections((error, n) => (error ? reject(error) : resolve(n))));
}

describe("a chunked body answered before it is read", () => {
  it("gets the 400 and our half-close; what the client sends after is read, not reset; the server closes when the client does", async () => {
    const port = await listen();
    const socket = open(port);
    await once(socket, "connect");
    const seen = watch(socket);
    socket.write("POST /refuse HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n");
    await until(() => seen.ended);
    expect(seen.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(seen.text.toLowerCase()).toContain("connection: close");

    // The client had not seen the answer yet and goes on sending its body: 2 MB, then another request.
    const chunk = "a".repeat(64 * 1024);
    for (let i = 0; i < 32; i += 1) await write(socket, `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    await write(socket, "0\r\n\r\nGET /refuse HTTP/1.1\r\nHost: x\r\n\r\n");
    // Everything was taken off the wire: no reset, and nothing after the body was answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.error).toBeNull();
    expect(seen.closed).toBe(false);
    expect(seen.text.match(/HTTP\/1\.1/g)).toHaveLength(1);

    socket.end();
    await until(() => seen.closed);
    expect(seen.error).toBeNull();
  });

  it("is closed after lingerMs when the client never closes its side", async () => {
    const port = await listen({ lingerMs: 100 });
    const socket = open(port);
    await once(socket, "connect");
    const seen = watch(socket);
    socket.write("POST /refuse HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n");
    await until(() => seen.ended);
    expect(await connections()).toBe(1);
    const t = Date.now();
    while ((await connections()) > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(Date.now() - t).toBeGreaterThanOrEqual(50);
    socket.destroy();
  });
});
