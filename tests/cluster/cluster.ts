import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { request } from "node:https";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The pieces of `npm run test:cluster`: app instances as `node
 * server/main.ts` of the build, Caddy from deploy/Caddyfile (the production
 * file, with test-only global options imported), and an HTTPS client that
 * trusts Caddy's local CA and can speak from any loopback address, so the
 * app sees many clients behind one proxy.
 */

/** Polls `check` until it answers true; fails with `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** One app instance; `restart` starts a new process on the same port. */
export class Instance {
  readonly name: string;
  readonly port: number;
  private readonly env: Record<string, string>;
  private child: ChildProcess | null = null;
  /** Everything every process of this instance wrote on stdout, one JSON log line each. */
  log = "";
  private stderr = "";

  constructor(name: string, port: number, env: Record<string, string>) {
    this.name = name;
    this.port = port;
    this.env = env;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ["--max-semi-space-size=4", "--max-old-space-size=128", "server/main.ts"], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    const mark = this.log.length;
    child.stdout!.on("data", (chunk) => (this.log += String(chunk)));
    child.stderr!.on("data", (chunk) => (this.stderr += String(chunk)));
    await until(`${this.name} to start`, () => {
      if (child.exitCode !== null) throw new Error(`${this.name} exited (${child.exitCode}): ${this.stderr}`);
      return this.log.slice(mark).includes('"event":"server.started"');
    });
  }

  /** Sends SIGTERM; answers the exit code once the process has exited. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    return code as number | null;
  }

  /** GET /readyz straight from the instance (not through Caddy); null when it refuses the connection. */
  async readyz(): Promise<{ status: number; body: unknown } | null> {
    const response = await fetch(`http://127.0.0.1:${this.port}/readyz`).catch(() => null);
    return response && { status: response.status, body: await response.json() };
  }

  kill() {
    if (this.child && this.child.exitCode === null) this.child.kill("SIGKILL");
  }

  /** Log lines (parsed) of `event`, from `since` (an offset into `log`) on. */
  events(event: string, since = 0): Record<string, unknown>[] {
    return this.log
      .slice(since)
      .split("\n")
      .filter((line) => line.includes(`"event":"${event}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** How many requests of `method path` this instance has logged since `since`. */
  served(method: string, path: string, since = 0): number {
    return this.events("request", since).filter((e) => e.method === method && e.path === path).length;
  }
}

export interface Caddy {
  port: number;
  ca: Buffer;
  /** What Caddy logged (JSON lines). */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Caddy on `port` with deploy/Caddyfile: `tls internal` through the
 * `local_certs` global option, its CA never installed in the system, no
 * admin endpoint, no HTTP→HTTPS redirect listener (port 80 is not ours),
 * its storage in `dir`.
 */
export async function startCaddy(options: { port: number; upstreams: [string, string]; dir: string }): Promise<Caddy> {
  const { port, upstreams, dir } = options;
  mkdirSync(dir, { recursive: true });
  const storage = join(dir, "storage");
  const globals = join(dir, "globals.caddy");
  writeFileSync(
    globals,
    [
      "local_certs",
      "skip_install_trust",
      "admin off",
      "auto_https disable_redirects",
      "default_bind 127.0.0.1",
      `storage file_system ${storage}`,
      "",
    ].join("\n"),
  );
  let output = "";
  const child = spawn("caddy", ["run", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: join(dir, "data"),
      XDG_CONFIG_HOME: join(dir, "config"),
      SITE_ADDRESS: `https://localhost:${port}`,
      APP_UPSTREAM_A: upstreams[0],
      APP_UPSTREAM_B: upstreams[1],
      CADDY_EXTRA_GLOBALS: globals,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const root = join(storage, "pki/authorities/local/root.crt");
  await until("Caddy's local CA", () => {
    if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode}): ${output}`);
    return existsSync(root);
  });
  const caddy: Caddy = {
    port,
    ca: readFileSync(root),
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
  // Caddy issues its site certificate after the CA, and checks the
  // instances' health before it sends them anything: on a loaded machine that
  // has taken more than 20 s. If it does not answer, say what it last said.
  let last = "nothing yet";
  try {
    await until(
      "Caddy to answer over HTTPS",
      async () => {
        if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode})`);
        const answer = await fetchVia(caddy, "/readyz").catch((error: Error) => error);
        last = answer instanceof Error ? answer.message : `HTTP ${answer.status}`;
        return !(answer instanceof Error) && answer.status === 200;
      },
      60_000,
    );
  } catch (error) {
    await caddy.stop();
    throw new Error(`${(error as Error).message}; the last answer: ${last}; Caddy's output:\n${output}`);
  }
  return caddy;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request to the site through Caddy over HTTPS, from loopback address
 * `from` (any 127.x.y.z: the client address the app should see), on a
 * connection of its own.
 */
export function fetchVia(
  caddy: Caddy,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: caddy.port,
        servername: "localhost",
        ca: caddy.ca,
        agent: false,
        localAddress: init.from ?? "127.0.0.1",
        method: init.method ?? "GET",
        path,
        headers: { host: `localhost:${caddy.port}`, "accept-encoding": "br, gzip", ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** A POST of the site's own origin (the browsers' same-origin check passes only if the app sees https). */
export function postVia(caddy: Caddy, path: string, body: string, type: string, from?: string, cookie?: string): Promise<Answer> {
  return fetchVia(caddy, path, {
    method: "POST",
    body,
    from,
    headers: { "content-type": type, origin: `https://localhost:${caddy.port}`, ...(cookie ? { cookie } : {}) },
  });
}

/** The `name=value` of a Set-Cookie header, and whether it is Secure. */
export function cookieOf(answer: Answer, name: string): { pair: string; secure: boolean } | null {
  const line = (answer.headers["set-cookie"] ?? []).find((c) => c.startsWith(`${name}=`));
  if (!line) return null;
  return { pair: line.split(";")[0]!, secure: /;\s*secure/i.test(line) };
}
