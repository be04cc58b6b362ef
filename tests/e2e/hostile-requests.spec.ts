import { test, expect } from "#tests/e2e/fixtures.ts";
import { E2E_PORT } from "#tests/support/e2e-env.ts";
import { sampleConsultation } from "#tests/support/consultation-sample.ts";
import { RawConnection, rawRequest, spawnServer, type RawResponse, type SpawnedServer } from "#tests/support/raw-http.ts";

/**
 * Issue 20: careless and hostile clients get a clear 4xx, and nothing wedges.
 * Raw HTTP over node:net against a server of the build on its own port, so
 * nothing normalises what is sent, and the server's log can be read.
 */
test.describe.configure({ mode: "serial" });

let server: SpawnedServer;
const port = E2E_PORT + 8;
const host = `127.0.0.1:${port}`;

test.beforeAll(async () => {
  server = await spawnServer(port);
});
test.afterAll(async () => {
  await server?.stop();
});

/** Rejects when `promise` has not settled within `ms`: "quickly", not after a socket timeout. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const healthz = rawRequest("GET", "/healthz", { Host: host });

/** Sends `request` and then a second request on the same connection; both answers (or the close). */
async function thenAnother(request: Buffer): Promise<{ first: RawResponse | null; second: RawResponse | null; connection: RawConnection }> {
  const connection = await RawConnection.open(port);
  connection.write(request);
  connection.write(healthz);
  const first = await within(5_000, connection.response(), "the refusal");
  const second = await within(5_000, connection.response(), "the next request");
  return { first, second, connection };
}

test.describe("a body refused before it is read never wedges the connection", () => {
  const big = (bytes: number) => "a".repeat(bytes);
  const cases = [
    { path: "/svc/answer/create", type: "application/json", bytes: 300_000, status: 400 },
    { path: "/svc/proposal/create", type: "application/json", bytes: 2_000_000, status: 400 },
    { path: "/loan-consultation", type: "application/x-www-form-urlencoded", bytes: 300_000, status: 400 },
    { path: "/company/contact-us", type: "application/x-www-form-urlencoded", bytes: 300_000, status: 400 },
    { path: "/admin/sign-in", type: "application/x-www-form-urlencoded", bytes: 300_000, status: 400 },
  ];
  for (const c of cases) {
    test(`${c.bytes} bytes to ${c.path}: ${c.status}, then the connection closes at once`, async () => {
      const { first, second, connection } = await thenAnother(
        rawRequest("POST", c.path, { Host: host, "Content-Type": c.type, "Content-Length": c.bytes }, big(c.bytes)),
      );
      expect(first?.status).toBe(c.status);
      expect(first?.headers.connection).toBe("close");
      // The client reconnects: nothing more is answered on this one, and it is closed now.
      expect(second).toBeNull();
      await within(5_000, connection.closed(), "the close");
    });
  }

  test("a chunked body over the limit: a 400 (not a reset), then the connection closes", async () => {
    const body = big(300_000);
    const { first, second } = await thenAnother(
      Buffer.concat([
        rawRequest("POST", "/svc/answer/create", { Host: host, "Content-Type": "application/json", "Transfer-Encoding": "chunked" }),
        Buffer.from(`${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`),
      ]),
    );
    expect(first?.status).toBe(400);
    expect(first?.headers.connection).toBe("close");
    expect(second).toBeNull();
  });

  test("a small body over the limit: 400, the rest is read, and the next request on the connection is answered", async () => {
    const { first, second, connection } = await thenAnother(
      rawRequest("POST", "/svc/answer/create", { Host: host, "Content-Type": "application/json", "Content-Length": 20_000 }, big(20_000)),
    );
    expect(first?.status).toBe(400);
    expect(first?.headers.connection).not.toBe("close");
    expect(second?.status).toBe(200);
    expect(JSON.parse(second!.body)).toEqual({ status: "ok" });
    connection.destroy();
  });

  test("a cross-site POST refused by the origin check: 403, and the next request is answered", async () => {
    const { first, second, connection } = await thenAnother(
      rawRequest(
        "POST",
        "/svc/answer/create",
        { Host: host, Origin: "https://elsewhere.example", "Content-Type": "application/json", "Content-Length": 30_000 },
        big(30_000),
      ),
    );
    expect(first?.status).toBe(403);
    expect(second?.status).toBe(200);
    connection.destroy();
  });
});

test.describe("a malformed request is a 4xx, never a 5xx", () => {
  /** One request on its own connection, exactly as written. */
  async function send(request: Buffer): Promise<RawResponse | null> {
    const connection = await RawConnection.open(port);
    connection.write(request);
    const response = await within(5_000, connection.response(), "the answer");
    connection.destroy();
    return response;
  }

  for (const path of ["/%E0%A4%A", "/company/%ZZ", "/information-service/%"]) {
    test(`a path that does not decode (${path}): 400`, async () => {
      expect((await send(rawRequest("GET", path, { Host: host })))?.status).toBe(400);
    });
  }

  for (const value of ["a b", "[::1", "exa<mple>.com"]) {
    test(`a Host that is not a host (${value}): 400`, async () => {
      expect((await send(rawRequest("GET", "/", { Host: value })))?.status).toBe(400);
    });
  }

  test("a page the cache holds is no way round the checks: a path that does not decode, a Host that is none, a body", async () => {
    // Kept: the second request is answered from the cache, on the early path (docs/decisions/0030).
    await send(rawRequest("GET", "/company/about", { Host: host }));
    const kept = await send(rawRequest("GET", "/company/about", { Host: host }));
    expect([kept?.status, kept?.headers["x-page-cache"]]).toEqual([200, "hit"]);
    // The URL parser would make each of these /company/about; the server refuses them first.
    expect((await send(rawRequest("GET", "/company/%ZZ/../about", { Host: host })))?.status).toBe(400);
    expect((await send(rawRequest("GET", "/company/about", { Host: "a b" })))?.status).toBe(400);
    // A GET with a body goes the long way (its body is read and discarded), and is still answered from the cache.
    const withBody = await send(rawRequest("GET", "/company/about", { Host: host, "Content-Length": 3 }, "x=1"));
    expect([withBody?.status, withBody?.headers["x-page-cache"]]).toEqual([200, "hit"]);
  });

  test("every request for a kept page has its log line, with the path and without the query", async () => {
    const before = server.output().stdout.length;
    for (let i = 0; i < 5; i++)
      expect((await send(rawRequest("GET", `/our-products/mobile?utm_source=n${i}`, { Host: host })))?.status).toBe(200);
    // Lines are written once per turn of the server's event loop: they are there a moment after the answers.
    await expect
      .poll(() =>
        server
          .output()
          .stdout.slice(before)
          .split("\n")
          .filter((line) => line.includes('"event":"request"'))
          .map((line) => JSON.parse(line).path),
      )
      .toEqual(Array(5).fill("/our-products/mobile"));
  });

  test("a real host with a port, and an IPv6 literal, are served", async () => {
    expect((await send(rawRequest("GET", "/healthz", { Host: "[::1]:8080" })))?.status).toBe(200);
    expect((await send(rawRequest("GET", "/healthz", { Host: "example.com" })))?.status).toBe(200);
  });

  for (const [method, target] of [
    ["TRACE", "/"],
    ["OPTIONS", "/loan-consultation"],
    ["DELETE", "/"],
    ["PROPFIND", "/"],
    ["CONNECT", `127.0.0.1:${port}`],
  ] as const) {
    test(`${method} ${target}: 405 with Allow`, async () => {
      const response = await send(rawRequest(method, target, { Host: host }));
      expect(response?.status).toBe(405);
      expect(response?.headers.allow).toBe("GET, HEAD, POST");
    });
  }

  test("a NUL in a text field: 400 with the field's message in the request's language", async () => {
    const body = JSON.stringify(sampleConsultation({ submissionId: "hostile-nul-0001", name: "NGUYEN\u0000VAN A" }));
    const response = await send(
      rawRequest(
        "POST",
        "/svc/answer/create",
        { Host: host, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "Accept-Language": "vi" },
        body,
      ),
    );
    expect(response?.status).toBe(400);
    expect(JSON.stringify(JSON.parse(response!.body).errors)).toContain("ký tự ẩn");
  });

  test("the log has one JSON object a line, and no error", () => {
    const { stdout, stderr } = server.output();
    const lines = stdout.trim().split("\n");
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.filter((line) => JSON.parse(line).level === "error")).toEqual([]);
    expect(stderr).toBe("");
  });
});
