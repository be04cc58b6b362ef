import { connect, type Socket } from "node:net";
import { request } from "node:http";

/**
 * Issue 39, item 5: the slow-body attack of `slowhttptest -B`. `connections`
 * clients each post the consultation form (`POST /loan-consultation`,
 * url-encoded, `Content-Length: 4096`) from an address of its own
 * (`X-Forwarded-For`, the server trusting one proxy) and send its body a few
 * bytes every `intervalMs`. They are opened at `openPerSecond`; as
 * slowhttptest does, a connection the server closes is replaced at once, so
 * the server faces that many for the whole hold. Meanwhile `/healthz` and a page are
 * fetched every second, each on a connection of its own, and the server's
 * RSS is sampled every 500 ms.
 */
export interface SlowClientsOptions {
  port: number;
  connections: number;
  holdSeconds: number;
  intervalMs?: number;
  openPerSecond?: number;
  /** All from one address (no X-Forwarded-For): the rate limit per address answers them. */
  oneAddress?: boolean;
  /** The page fetched every second beside /healthz. */
  page?: string;
  rssMb: () => number;
  alive: () => boolean;
  log: (message: string) => void;
}

export interface SlowClientsResult {
  connections: number;
  holdSeconds: number;
  /** Fewest and most slow connections open at once during the hold. */
  openMin: number;
  openMax: number;
  /** Connections opened in all (the first ones and those opened again after the server closed one). */
  opened: number;
  /** The status lines the slow clients received, by status. */
  answers: Record<string, number>;
  probes: number;
  probeFailures: number;
  probeMaxMs: number;
  probeP99Ms: number;
  probeMaxMsByPath: Record<string, number>;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  rssEvery5sMb: number[];
  survived: boolean;
}

const BODY_BYTES = 4096;

export async function slowClients(options: SlowClientsOptions): Promise<SlowClientsResult> {
  const intervalMs = options.intervalMs ?? 10_000;
  const openPerSecond = options.openPerSecond ?? 250;
  const page = options.page ?? "/loan-consultation";
  const sockets = new Set<Socket>();
  const answers: Record<string, number> = {};
  let opened = 0;
  let stopping = false;
  let address = 0;
  /** The first connections, not yet opened. */
  let wanted = options.connections;

  const open = () => {
    const n = ++address;
    const socket = connect(options.port, "127.0.0.1");
    opened++;
    sockets.add(socket);
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.setNoDelay(true);
    socket.on("connect", () => {
      socket.write(
        `POST ${page} HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${BODY_BYTES}\r\n` +
          (options.oneAddress ? "" : `X-Forwarded-For: 10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}\r\n`) +
          `Accept-Language: vi\r\n\r\nname=`,
      );
      timer = setInterval(() => socket.write("ab&"), intervalMs);
    });
    socket.on("data", (chunk: Buffer) => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1", 0, 16))?.[1];
      if (status) answers[status] = (answers[status] ?? 0) + 1;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      sockets.delete(socket);
      // As slowhttptest keeps its count: a connection the server closed is replaced at once.
      if (!stopping) setImmediate(open);
    });
  };
  // Opens what is wanted, at most openPerSecond a second.
  const opener = setInterval(() => {
    for (let i = 0; i < Math.ceil(openPerSecond / 10) && wanted > 0; i++, wanted--) open();
  }, 100);

  const probeMs: number[] = [];
  const byPath: Record<string, number> = {};
  let probeFailures = 0;
  const probe = (path: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const done = (ok: boolean) => {
        const ms = performance.now() - started;
        if (ok) {
          probeMs.push(ms);
          byPath[path] = Math.max(byPath[path] ?? 0, Math.round(ms));
        } else probeFailures++;
        resolve();
      };
      const req = request(
        { host: "127.0.0.1", port: options.port, path, agent: false, timeout: 5000, headers: { "accept-encoding": "br" } },
        (res) => {
          res.resume();
          res.on("end", () => done(res.statusCode === 200));
          res.on("error", () => done(false));
        },
      );
      req.on("timeout", () => req.destroy());
      req.on("error", () => done(false));
      req.end();
    });
  const probes: Promise<void>[] = [];

  const samples: number[] = [];
  const rssBefore = options.rssMb();
  const sampler = setInterval(() => {
    if (options.alive()) samples.push(options.rssMb());
  }, 500);
  const opens: number[] = [];

  // Until every connection is open, then the hold: a probe of each path every second.
  const started = Date.now();
  while (sockets.size < options.connections && Date.now() - started < 60_000) {
    probes.push(probe("/healthz"), probe(page));
    await sleep(1000);
  }
  options.log(
    `${sockets.size} slow connections open after ${((Date.now() - started) / 1000).toFixed(1)} s; holding ${options.holdSeconds} s`,
  );
  for (let s = 0; s < options.holdSeconds; s++) {
    opens.push(sockets.size);
    probes.push(probe("/healthz"), probe(page));
    await sleep(1000);
    if (s % 10 === 9)
      options.log(`  ${s + 1} s: ${sockets.size} open, RSS ${samples.at(-1)?.toFixed(0)} MB, answers ${JSON.stringify(answers)}`);
  }
  await Promise.all(probes);
  stopping = true;
  clearInterval(opener);
  for (const socket of sockets) socket.destroy();
  const survived = options.alive();
  await sleep(2000);
  clearInterval(sampler);
  const sorted = [...probeMs].sort((a, b) => a - b);
  return {
    connections: options.connections,
    holdSeconds: options.holdSeconds,
    openMin: Math.min(...opens),
    openMax: Math.max(...opens),
    opened,
    answers,
    probes: probeMs.length + probeFailures,
    probeFailures,
    probeMaxMs: Math.round(sorted.at(-1) ?? Number.NaN),
    probeP99Ms: Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? Number.NaN),
    probeMaxMsByPath: byPath,
    rssBeforeMb: Math.round(rssBefore),
    rssPeakMb: Math.round(Math.max(rssBefore, ...samples)),
    rssAfterMb: Math.round(survived ? options.rssMb() : Number.NaN),
    rssEvery5sMb: samples.filter((_, i) => i % 10 === 0).map((n) => Math.round(n)),
    survived,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
