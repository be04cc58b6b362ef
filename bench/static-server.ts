import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { request } from "node:http";

/**
 * The limit the site's cached pages are measured against (issue 30): Caddy
 * serving the very bytes the server sends, precompressed on disk, with
 * `file_server { precompressed br gzip }`, loaded by `wrk` with the settings
 * the server gets. wrk counts bytes and never decodes them, so the load tool
 * is not what is measured.
 */

/** What the comparison needs that is not in node_modules (Debian's `wrk` and `caddy`); empty when both are there. */
export function missingTools(): string[] {
  return ["wrk", "caddy"].filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
}

/** wrk's settings for every load of the comparison: two threads, twenty connections, browsers' encodings. */
export const WRK_THREADS = 2;
export const WRK_CONNECTIONS = 20;

export interface WrkResult {
  requests: number;
  rps: number;
  p99Ms: number;
  bytesPerRequest: number;
  /** Responses other than 2xx/3xx (the not-found page's 404s are expected). */
  non2xx: number;
  socketErrors: number;
  /** wrk's own words for them ("connect 0, read 0, write 0, timeout 20"; a timeout is a response slower than 2 s), or "". */
  socketErrorKinds: string;
  /** CPU time (user + system) the server's process spent per request, in microseconds: steadier than req/s on a busy machine. */
  cpuUsPerRequest: number | null;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
const UNIT_BYTES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** wrk's report (`--latency`) as numbers. */
export function parseWrk(output: string): Omit<WrkResult, "cpuUsPerRequest"> {
  const total = /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(output);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output);
  if (!total || !rps || !p99) throw new Error(`bench: wrk's output not understood:\n${output}`);
  const requests = Number(total[1]);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requests,
    rps: Math.round(Number(rps[1])),
    p99Ms: Number((Number(p99[1]) * UNIT_MS[p99[2]!]!).toFixed(2)),
    bytesPerRequest: Math.round((Number(total[2]) * UNIT_BYTES[total[3]!]!) / Math.max(1, requests)),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    socketErrorKinds: socket ? socket[0].slice("Socket errors: ".length) : "",
  };
}

/** User + system CPU seconds a process has used so far (/proc/PID/stat, fields 14 and 15, in clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** One load of `url` for `seconds`; the CPU of `pid` (the server answering it) over the same time. */
export async function wrk(url: string, seconds: number, acceptEncoding: string, pid?: number): Promise<WrkResult> {
  const before = pid ? cpuSeconds(pid) : null;
  const args = [`-t${WRK_THREADS}`, `-c${WRK_CONNECTIONS}`, `-d${seconds}s`, "--latency", "-H", `accept-encoding: ${acceptEncoding}`, url];
  const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`bench: wrk exited with ${code}`);
  const after = pid ? cpuSeconds(pid) : null;
  const result = parseWrk(output);
  const cpuUsPerRequest =
    before !== null && after !== null ? Number((((after - before) * 1e6) / Math.max(1, result.requests)).toFixed(1)) : null;
  return { ...result, cpuUsPerRequest };
}

/** The file name a page's bytes get in Caddy's folder: `/` is index.html, `/a/b` a--b.html. */
export function snapshotName(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1).replaceAll("/", "--")}.html`;
}

/** The body of `url` exactly as sent with `accept-encoding: encoding` (still encoded), and its Content-Encoding. */
function rawBody(url: string, encoding: string): Promise<{ body: Buffer; contentEncoding: string; cache: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          body: Buffer.concat(chunks),
          contentEncoding: String(res.headers["content-encoding"] ?? "identity"),
          cache: String(res.headers["x-page-cache"] ?? ""),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Each page's bytes as the server sends them, in the three encodings it
 * keeps (`page.html`, `.br`, `.gz`), and each asset with its precompressed
 * files, into `dir`. Answers, per page, whether the server sent it from its
 * cache (a page that is not cached is no budget's).
 */
export async function snapshot(
  base: string,
  pages: string[],
  assets: string[],
  clientDir: string,
  dir: string,
): Promise<Map<string, boolean>> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const cached = new Map<string, boolean>();
  for (const path of pages) {
    const name = join(dir, snapshotName(path));
    for (const [encoding, suffix] of [
      ["identity", ""],
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      const { body, contentEncoding, cache } = await rawBody(base + path, encoding);
      if (contentEncoding !== encoding) throw new Error(`bench: ${path} came as ${contentEncoding} when ${encoding} was asked for`);
      writeFileSync(name + suffix, body);
      if (encoding === "br") cached.set(path, cache === "hit");
    }
  }
  for (const asset of assets) {
    const file = join(clientDir, asset);
    for (const suffix of ["", ".br", ".gz"])
      if (existsSync(file + suffix)) copyFileSync(file + suffix, join(dir, basename(asset) + suffix));
  }
  return cached;
}

export interface StaticServer {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Caddy as a static file server of `root` on 127.0.0.1:`port`: nothing but
 * `file_server { precompressed br gzip }` (no log, no admin endpoint, no
 * HTTPS), its state in `stateDir`.
 */
export async function startCaddy(root: string, port: number, stateDir: string): Promise<StaticServer> {
  mkdirSync(stateDir, { recursive: true });
  const config = join(stateDir, "Caddyfile");
  writeFileSync(
    config,
    [
      "{",
      "\tadmin off",
      "\tauto_https off",
      "}",
      `http://127.0.0.1:${port} {`,
      `\troot * ${root}`,
      "\tfile_server {",
      "\t\tprecompressed br gzip",
      "\t}",
      "}",
      "",
    ].join("\n"),
  );
  let output = "";
  const child: ChildProcess = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    env: { ...process.env, HOME: stateDir, XDG_DATA_HOME: join(stateDir, "data"), XDG_CONFIG_HOME: join(stateDir, "config") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`bench: caddy exited (${child.exitCode}):\n${output}`);
    if (
      await fetch(`${base}/`).then(
        () => true,
        () => false,
      )
    ) {
      return {
        base,
        pid: child.pid!,
        stop: async () => {
          if (child.exitCode !== null) return;
          const exited = new Promise((resolve) => child.on("exit", resolve));
          child.kill("SIGTERM");
          await exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`bench: caddy did not answer on ${base}:\n${output}`);
}
