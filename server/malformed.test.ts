import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { logParserRefusals } from "#server/malformed.ts";
import { RawConnection } from "#tests/support/raw-http.ts";

/**
 * Issue 29, point 5: a request Node's HTTP parser refuses (it never reaches
 * Express) is answered as Node would and logged as one JSON line, without
 * the bytes sent, at most so many lines a minute. A real HTTP server and raw
 * bytes over TCP; the clock is the test's.
 */
let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  server?.close();
  server = null;
});

async function listen(listener: ReturnType<typeof logParserRefusals>): Promise<number> {
  // Each request read to its end before the answer, as the app does.
  server = createServer((req, res) => req.resume().on("end", () => res.end("ok")));
  server.on("clientError", listener);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

async function send(port: number, bytes: string) {
  const connection = await RawConnection.open(port);
  connection.write(Buffer.from(bytes, "latin1"));
  const response = await connection.response();
  await connection.closed();
  return response;
}

const SECRET = "password=hunter2-personal";
const HEADER_WITHOUT_COLON = `POST / HTTP/1.1\r\nHost: x\r\nNo colon here ${SECRET}\r\n\r\n`;

describe("requests refused by Node's HTTP parser", () => {
  it("answers 400 and closes, with one JSON line naming the parser's code and none of the bytes", async () => {
    const lines: string[] = [];
    const port = await listen(logParserRefusals((event, fields) => lines.push(JSON.stringify({ event, ...fields }))));
    const response = await send(port, HEADER_WITHOUT_COLON);
    expect(response?.status).toBe(400);
    expect(response?.headers.connection).toBe("close");
    expect(lines).toEqual([JSON.stringify({ event: "http.refused", code: "HPE_INVALID_HEADER_TOKEN", status: 400 })]);
    expect(lines.join("")).not.toContain("hunter2");
  });

  it.each([
    ["a bad chunk size", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400],
    ["headers too large", `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431],
    ["a request line that is not HTTP", "HELLO\r\n\r\n", 400],
  ])("answers %s with %s and logs it", async (_name, bytes, status) => {
    const lines: { event: string; status: number }[] = [];
    const port = await listen(logParserRefusals((event, fields) => lines.push({ event, status: Number(fields.status) })));
    expect((await send(port, bytes))?.status).toBe(status);
    expect(lines).toEqual([{ event: "http.refused", status }]);
  });

  it("logs a flood as at most so many lines a minute, and says how many were left out", async () => {
    let now = 0;
    const lines: Record<string, string | number>[] = [];
    const port = await listen(logParserRefusals((_event, fields) => lines.push(fields), { perMinute: 3, now: () => now }));
    for (let i = 0; i < 10; i++) expect((await send(port, HEADER_WITHOUT_COLON))?.status).toBe(400);
    expect(lines).toHaveLength(3);
    now = 59_999;
    await send(port, HEADER_WITHOUT_COLON);
    expect(lines).toHaveLength(3);
    now = 60_000;
    await send(port, HEADER_WITHOUT_COLON);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatchObject({ code: "HPE_INVALID_HEADER_TOKEN", suppressed: 8 });
  });

  it("serves well-formed requests as before, without a line", async () => {
    const lines: unknown[] = [];
    const port = await listen(logParserRefusals((event) => lines.push(event)));
    const response = await send(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(response?.status).toBe(200);
    expect(lines).toEqual([]);
  });
});
