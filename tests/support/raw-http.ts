import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * HTTP/1.1 spoken by hand over one TCP connection, for tests of what careless
 * and hostile clients send: nothing normalises the request line, the Host
 * header or the body, and several requests share one keep-alive connection.
 */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  /** The header lines as sent, each byte one character (latin1): a repeated header (Set-Cookie) is here once per line. */
  lines: string[];
  body: string;
}

export class RawConnection {
  private readonly socket: Socket;
  private buffer = Buffer.alloc(0);
  private ended = false;
  private waiters: (() => void)[] = [];

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    const end = () => {
      this.ended = true;
      this.wake();
    };
    socket.on("end", end);
    socket.on("close", end);
    // A reset after the answer (the server closed while the client was still sending) counts as closed.
    socket.on("error", end);
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    return new RawConnection(socket);
  }

  write(data: string | Buffer) {
    if (!this.socket.destroyed) this.socket.write(data);
  }

  /** The next response on the connection, or null if the server closed it first. */
  async response(): Promise<RawResponse | null> {
    for (;;) {
      const parsed = parseResponse(this.buffer);
      if (parsed) {
        this.buffer = this.buffer.subarray(parsed.length);
        return parsed.response;
      }
      if (this.ended) return null;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Resolves when the server has closed the connection. */
  async closed(): Promise<void> {
    while (!this.ended) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  destroy() {
    this.socket.destroy();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

function parseResponse(buffer: Buffer): { response: RawResponse; length: number } | null {
  const headEnd = buffer.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const [statusLine = "", ...lines] = buffer.subarray(0, headEnd).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(" ")[1]);
  let offset = headEnd + 4;
  if (headers["transfer-encoding"]?.toLowerCase() === "chunked") {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = buffer.indexOf("\r\n", offset);
      if (lineEnd < 0) return null;
      const size = parseInt(buffer.subarray(offset, lineEnd).toString("latin1"), 16);
      if (buffer.length < lineEnd + 2 + size + 2) return null;
      parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
      if (size === 0) break;
    }
    return { response: { status, headers, lines, body: Buffer.concat(parts).toString("utf8") }, length: offset };
  }
  const size = Number(headers["content-length"] ?? 0);
  if (buffer.length < offset + size) return null;
  return { response: { status, headers, lines, body: buffer.subarray(offset, offset + size).toString("utf8") }, length: offset + size };
}

/** A request written by hand: the request line and headers exactly as given. */
export function rawRequest(method: string, target: string, headers: Record<string, string | number>, body?: string | Buffer): Buffer {
  const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), body === undefined ? Buffer.alloc(0) : Buffer.from(body)]);
}

/**
 * A port nobody listens on now, chosen by the system: a second server of a
 * test never collides with another test's, or with another checkout's test
 * run on the same machine.
 */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, "close");
  return port;
}

/** The production build on its own port and fresh SQLite database, its stdout and stderr kept. */
export interface SpawnedServer {
  port: number;
  output: () => { stdout: string; stderr: string };
  stop: () => Promise<void>;
}

/** `node server/main.ts` of the build on `port`, with a fresh SQLite database and secret of its own. */
export function startServerProcess(port: number, env: Record<string, string> = {}, stderr: "pipe" | "inherit" = "pipe"): ChildProcess {
  const dir = mkdtempSync(join(tmpdir(), "server-"));
  return spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "db.sqlite")}`,
      APP_SECRET_FILE: join(dir, "secret"),
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", stderr],
  });
}

export async function spawnServer(port: number, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const server = startServerProcess(port, { NODE_ENV: "production", RATE_LIMIT_MAX: "100000", ...env });
  let stdout = "";
  let stderr = "";
  server.stdout!.on("data", (chunk) => (stdout += String(chunk)));
  server.stderr!.on("data", (chunk) => (stderr += String(chunk)));
  const started = new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", () => stdout.includes('"event":"server.started"') && resolve());
    server.once("exit", (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  await started;
  return {
    port,
    output: () => ({ stdout, stderr }),
    async stop() {
      if (server.exitCode !== null) return;
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    },
  };
}
