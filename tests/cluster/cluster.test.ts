import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { freePort } from "#tests/support/raw-http.ts";
import { TEST_APP_SECRET } from "#tests/support/services.ts";
import { SAMPLE_CONSULTATION_FORM, sampleConsultation } from "#tests/support/consultation-sample.ts";
import { createOperator, TEST_TOTP_SECRET } from "#tests/support/admin.ts";
import { totpCode, totpStep } from "#app/features/console/two-step.server.ts";
import { cookieOf, fetchVia, Instance, postVia, startCaddy, until, type Caddy } from "#tests/cluster/cluster.ts";

/**
 * Production as deploy/ describes it (issue 15): two instances of the build
 * on one PostgreSQL, Caddy in front with deploy/Caddyfile over HTTPS (its
 * local CA), every request through Caddy from its own loopback address as a
 * visitor's would come. `npm run test:cluster` (scripts/test-cluster.sh)
 * starts the PostgreSQL server and makes sure a build exists.
 */
const RATE_LIMIT_MAX = 6;
const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
const caddyInstalled = spawnSync("caddy", ["version"]).status === 0;

describe.skipIf(!process.env.TEST_POSTGRES_URL || !caddyInstalled)("two instances behind Caddy on one PostgreSQL", () => {
  let db: TestDatabase;
  let dir: string;
  let caddy: Caddy;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    db = await freshDatabase("postgres");
    dir = mkdtempSync(join(tmpdir(), "cluster-"));
    const [portA, portB, caddyPort] = [await freePort(), await freePort(), await freePort()];
    const vapid = webpush.generateVAPIDKeys();
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: db.url,
      TRUST_PROXY: "1",
      SECURE_COOKIES: "1",
      PUBLIC_ORIGIN: `https://localhost:${caddyPort}`,
      // The secret the test seeds operators under (their authenticator secrets are sealed with it, ADR 0022).
      APP_SECRET: TEST_APP_SECRET,
      APP_SECRET_FILE: join(dir, "unused-secret"),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:ops@example.com",
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      // Longer than Caddy's health check interval + timeout (1 s + 1 s in deploy/Caddyfile).
      SHUTDOWN_DELAY_MS: "2500",
      LOG_LEVEL: "info",
    };
    a = new Instance("instance A", portA, env);
    b = new Instance("instance B", portB, env);
    await Promise.all([a.start(), b.start()]);
    caddy = await startCaddy({ port: caddyPort, upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`], dir: join(dir, "caddy") });
  }, 90_000);

  afterAll(async () => {
    await caddy?.stop();
    a?.kill();
    b?.kill();
    await db?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const submissions = (ids: string[]) =>
    db.db.selectFrom("consultation_answers").select("submission_id").where("submission_id", "in", ids).execute();

  it("serves pages over HTTPS with HSTS and Secure cookies, in the app's own brotli bytes", async () => {
    const home = await fetchVia(caddy, "/");
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(home.headers["content-encoding"]).toBe("br");
    expect(home.headers.server).toBeUndefined();
    const vi = await fetchVia(caddy, "/?lang=vi");
    expect(vi.status).toBe(200);
    expect(cookieOf(vi, "lang")).toMatchObject({ pair: "lang=vi", secure: true });
    // The app's absolute URLs are the public origin's.
    expect((await fetchVia(caddy, "/robots.txt", { headers: { "accept-encoding": "identity" } })).body).toContain(
      `https://localhost:${caddy.port}/sitemap.xml`,
    );
  });

  it("stores a consultation once, from the API and from the form (the same-origin check sees https)", async () => {
    const id = randomUUID();
    const body = JSON.stringify({ ...sampleConsultation({ submissionId: id }), agree_yn: "Y" });
    expect((await postVia(caddy, "/svc/answer/create", body, JSON_TYPE, "127.0.0.31")).status).toBe(200);
    // A retry of the same submission (the visitor's phone lost the answer) is answered, not stored again.
    expect((await postVia(caddy, "/svc/answer/create", body, JSON_TYPE, "127.0.0.31")).status).toBe(200);
    expect(await submissions([id])).toHaveLength(1);

    const formId = `form-${randomUUID()}`;
    const form = new URLSearchParams({ submissionId: formId, ...SAMPLE_CONSULTATION_FORM, website: "" }).toString();
    const sent = await postVia(caddy, "/loan-consultation", form, FORM_TYPE, "127.0.0.32");
    expect(sent.status).toBeLessThan(400);
    expect(await submissions([formId])).toHaveLength(1);
  });

  const bannerLog = (from: string) =>
    postVia(
      caddy,
      "/svc/banner/redirect/logs/create",
      JSON.stringify({ partner_name: "regional-bank-general", redirect_url: "https://bank.example.com/loans/general" }),
      JSON_TYPE,
      from,
    );
  const statuses = async (from: string, count: number) => {
    const seen: number[] = [];
    for (let i = 0; i < count; i++) seen.push((await bannerLog(from)).status);
    return seen;
  };

  it("sees each visitor's own address (X-Forwarded-For from Caddy, TRUST_PROXY=1): one address limited, another not", async () => {
    const limited = await statuses("127.0.0.41", 2 * RATE_LIMIT_MAX + 1);
    expect(limited).toContain(429);
    expect((await bannerLog("127.0.0.42")).status).toBe(200);
  });

  it("holds the rate limit across both instances: the (max+1)-th request is refused, whichever instance it reaches", async () => {
    const path = "/svc/banner/redirect/logs/create";
    const [fromA, fromB] = [a.served("POST", path), b.served("POST", path)];
    const seen = await statuses("127.0.0.43", 3 * RATE_LIMIT_MAX);
    // Both instances had their share (each of 18 is either's: all on one has odds of 2^-17).
    expect(a.served("POST", path)).toBeGreaterThan(fromA);
    expect(b.served("POST", path)).toBeGreaterThan(fromB);
    expect(seen).toEqual([...Array(RATE_LIMIT_MAX).fill(200), ...Array(2 * RATE_LIMIT_MAX).fill(429)]);
  });

  const plantExpired = async (count: number) => {
    const at = new Date(Date.now() - 4 * 365 * 24 * 60 * 60 * 1000).toISOString();
    const ids = Array.from({ length: count }, () => `expired-${randomUUID()}`);
    for (const submission_id of ids) {
      const { id } = await db.db
        .insertInto("consultation_answers")
        .values({ submission_id, lang: "vi", marketing_yn: "N", created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.db.insertInto("consultation_answer_items").values({ answer_id: id, question_seq: 1, answer_content: "yes" }).execute();
    }
    return ids;
  };
  const output = (child: ReturnType<typeof spawn>) => {
    let text = "";
    child.stdout!.on("data", (chunk) => (text += String(chunk)));
    return () => text;
  };
  const events = (text: string, event: string) =>
    text
      .split("\n")
      .filter((line) => line.includes(`"event":"${event}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it("runs the daily retention once when two instances' ticks meet: each expired row deleted once, the other instance skips", async () => {
    const ids = await plantExpired(12);
    // The lease as on the day's first tick (the instances' own first run is a minute after their start).
    await db.db.deleteFrom("job_leases").where("name", "=", "retention").execute();
    const workers = ["worker-a", "worker-b"].map((name) =>
      spawn(process.execPath, ["tests/cluster/retention-worker.ts", name], {
        env: { ...process.env, DATABASE_URL: db.url },
        stdio: ["pipe", "pipe", "inherit"],
      }),
    );
    const logs = workers.map(output);
    await until("both retention workers connected", () => logs.every((log) => log().startsWith("ready")));
    const exited = workers.map((worker) => once(worker, "exit"));
    for (const worker of workers) worker.stdin!.end("go\n");
    expect((await Promise.all(exited)).map(([code]) => code)).toEqual([0, 0]);

    const all = logs.map((log) => log()).join("\n");
    const runs = events(all, "retention.run");
    const skips = events(all, "retention.skipped");
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ consultations: ids.length });
    expect(skips).toEqual([expect.objectContaining({ ranBy: runs[0]!.instance })]);
    expect(await submissions(ids)).toHaveLength(0);
  });

  it("`npm run retention` twice at once deletes each expired row once", async () => {
    const ids = await plantExpired(12);
    const runs = [0, 1].map(() =>
      spawn(process.execPath, ["scripts/retention.ts"], {
        env: { ...process.env, DATABASE_URL: db.url },
        stdio: ["ignore", "pipe", "inherit"],
      }),
    );
    const logs = runs.map(output);
    expect((await Promise.all(runs.map((run) => once(run, "exit")))).map(([code]) => code)).toEqual([0, 0]);
    const deleted = logs.flatMap((log) => events(log(), "retention.run")).map((e) => Number(e.consultations));
    expect(deleted.reduce((x, y) => x + y, 0)).toBe(ids.length);
    expect(await submissions(ids)).toHaveLength(0);
  });

  it("keeps an operator signed in on both instances (sessions in the database, one APP_SECRET)", async () => {
    const email = "cluster-admin@example.com";
    const password = "correct horse battery staple";
    await createOperator(db.db, email, password, "admin");
    const from = "127.0.0.51";
    const first = await postVia(caddy, "/admin/sign-in", new URLSearchParams({ email, password }).toString(), FORM_TYPE, from);
    expect(first.headers.location).toBe("/admin/sign-in/code");
    const pending = cookieOf(first, "admin_second_step");
    expect(pending?.secure).toBe(true);
    const code = totpCode(TEST_TOTP_SECRET, totpStep(new Date()));
    const second = await postVia(caddy, "/admin/sign-in/code", new URLSearchParams({ code }).toString(), FORM_TYPE, from, pending!.pair);
    const session = cookieOf(second, "admin_session");
    expect(session?.secure).toBe(true);

    // Through Caddy until each instance has answered the console page at least once.
    const [fromA, fromB] = [a.log.length, b.log.length];
    const pages: number[] = [];
    await until("the console page answered by both instances", async () => {
      pages.push((await fetchVia(caddy, "/admin", { from, headers: { cookie: session!.pair } })).status);
      return a.served("GET", "/admin", fromA) > 0 && b.served("GET", "/admin", fromB) > 0;
    });
    expect(new Set(pages)).toEqual(new Set([200]));
    // And straight to each instance with the same cookie.
    for (const instance of [a, b]) {
      const direct = await fetch(`http://127.0.0.1:${instance.port}/admin`, { headers: { cookie: session!.pair }, redirect: "manual" });
      expect(direct.status).toBe(200);
    }
  });

  it("restarts A, then B, under a steady stream of consultations: no request fails, every 200 stored once", async () => {
    const path = "/svc/answer/create";
    const sent: { id: string; status: number }[] = [];
    let stopped = false;
    let n = 0;
    // Each request from its own address, so the stream stays under the rate limit.
    const address = (i: number) => `127.0.${2 + Math.floor((i % 2000) / 250)}.${1 + (i % 250)}`;
    const submitter = async () => {
      while (!stopped) {
        const i = n++;
        const id = randomUUID();
        const body = JSON.stringify({ ...sampleConsultation({ submissionId: id }), agree_yn: "Y" });
        const status = await postVia(caddy, path, body, JSON_TYPE, address(i)).then(
          (answer) => answer.status,
          () => 0,
        );
        sent.push({ id, status });
      }
    };
    const stream = Promise.all([submitter(), submitter(), submitter()]);
    try {
      for (const instance of [a, b]) {
        const before = instance.log.length;
        await until(`${instance.name} in rotation`, () => instance.served("POST", path, before) >= 3);
        const stopping = instance.log.length;
        const exited = instance.stop();
        // Draining: still answering, but not ready, so Caddy's health check takes it out.
        let readyz: Awaited<ReturnType<Instance["readyz"]>> = null;
        await until(`${instance.name} draining`, async () => (readyz = await instance.readyz())?.status === 503, 2_000);
        expect(readyz).toEqual({ status: 503, body: { status: "draining" } });
        expect(await exited).toBe(0);
        expect(instance.events("server.stopping", stopping)).toEqual([expect.objectContaining({ delayMs: 2500 })]);
        expect(instance.events("server.stopped", stopping)).toHaveLength(1);
        const restarted = instance.log.length;
        await instance.start();
        await until(`${instance.name} back in rotation`, () => instance.served("POST", path, restarted) >= 3, 30_000);
      }
    } finally {
      stopped = true;
      await stream;
    }
    console.info(`rolling restart: ${sent.length} consultations sent through Caddy`);
    expect(sent.length).toBeGreaterThan(50);
    expect(sent.filter((s) => s.status !== 200)).toEqual([]);
    const stored = (await submissions(sent.map((s) => s.id))).map((row) => row.submission_id);
    expect(stored).toHaveLength(sent.length);
    expect(new Set(stored).size).toBe(sent.length);
  });
});
