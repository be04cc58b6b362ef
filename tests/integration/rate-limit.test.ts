import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connect, type DatabaseHandle } from "#db/connect.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { failingInserts } from "#tests/support/failing-db.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { createDatabaseRateLimiter, createRateLimiter, rateLimitKey, type RateLimiter } from "#app/lib/rate-limit.server.ts";
import { action as bannerLog } from "#app/routes/svc.banner-redirect-log.ts";

/**
 * Rate limits across instances (issue 15, ADR 0025): counters in the
 * database, one row per bucket, hashed client and clock-aligned window.
 * Each "instance" here has its own connection and limiter, as two server
 * processes would.
 */
const viApi = JSON.parse(readFileSync("locales/vi/api.json", "utf8")) as { rate_limited: { other: string } };
const SECRET = "test-secret-test-secret-test-secret-0000";
const WINDOW = 60_000;
/** A window start, and a moment inside it. */
const START = Math.floor(Date.UTC(2027, 0, 4, 9, 0, 0) / WINDOW) * WINDOW;

describe("in memory (SQLite)", () => {
  it("counts per bucket and key, and answers the seconds left past the limit", async () => {
    let t = START + 10_000;
    const limiter = createRateLimiter({ max: 2, windowMs: WINDOW, now: () => t });
    expect(await limiter.hit("form", "10.0.0.1")).toBe(0);
    expect(await limiter.hit("form", "10.0.0.1")).toBe(0);
    expect(await limiter.hit("form", "10.0.0.1")).toBe(60);
    expect(await limiter.hit("other", "10.0.0.1")).toBe(0);
    expect(await limiter.hit("form", "10.0.0.2")).toBe(0);
    t += WINDOW;
    expect(await limiter.hit("form", "10.0.0.1")).toBe(0);
  });

  it("takes a bucket's own maximum, and peeks without counting", async () => {
    let t = START + 10_000;
    const limiter = createRateLimiter({ max: 100, windowMs: WINDOW, now: () => t });
    expect(await limiter.peek("misses", "10.0.0.1", 1)).toBe(0);
    expect(await limiter.hit("misses", "10.0.0.1", 1)).toBe(0);
    for (let i = 0; i < 5; i++) expect(await limiter.peek("misses", "10.0.0.1", 1)).toBe(0);
    expect(await limiter.hit("misses", "10.0.0.1", 1)).toBe(60);
    t += 20_000;
    expect(await limiter.peek("misses", "10.0.0.1", 1)).toBe(40);
    expect(await limiter.peek("misses", "10.0.0.2", 1)).toBe(0);
    t += WINDOW;
    expect(await limiter.peek("misses", "10.0.0.1", 1)).toBe(0);
  });

  it("counts nothing when switched off", async () => {
    const limiter = createRateLimiter({ max: 1, windowMs: WINDOW, disabled: true });
    for (let i = 0; i < 5; i++) expect(await limiter.hit("form", "10.0.0.1")).toBe(0);
  });
});

describe.each(DIALECTS)("in the database on %s", (dialect) => {
  let handle: TestDatabase;
  const others: DatabaseHandle[] = [];
  let t = START + 15_000;
  const lines: string[] = [];
  const log = createLogger({ write: (line) => lines.push(line) });
  /** A limiter on its own connection: another instance. */
  const instance = (options: { max?: number; sweepMs?: number } = {}): RateLimiter => {
    const database = connect(handle.url);
    others.push(database);
    return createDatabaseRateLimiter(database.db, {
      max: options.max ?? 3,
      windowMs: WINDOW,
      secret: SECRET,
      log,
      now: () => t,
      ...options,
    });
  };
  const rows = () => handle.db.selectFrom("rate_limits").selectAll().orderBy("window_start").execute();

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  }, 30_000);
  afterAll(async () => {
    for (const d of others) await d.close();
    await handle.cleanup();
  });

  it("takes a bucket's own maximum, and peeks without counting, across instances", async () => {
    const a = instance();
    const b = instance();
    expect(await a.peek("misses", "198.51.100.9", 1)).toBe(0);
    expect(await a.hit("misses", "198.51.100.9", 1)).toBe(0);
    expect(await b.peek("misses", "198.51.100.9", 1)).toBe(0);
    expect(await b.hit("misses", "198.51.100.9", 1)).toBe(45);
    expect(await a.peek("misses", "198.51.100.9", 1)).toBe(45);
    expect(await a.peek("misses", "198.51.100.10", 1)).toBe(0);
  });

  it("holds one limit across two instances", async () => {
    const a = instance();
    const b = instance();
    expect(await a.hit("form", "203.0.113.7")).toBe(0);
    expect(await b.hit("form", "203.0.113.7")).toBe(0);
    expect(await a.hit("form", "203.0.113.7")).toBe(0);
    // The fourth is over the limit of 3, whichever instance it reaches: 45 s of the window are left.
    expect(await b.hit("form", "203.0.113.7")).toBe(45);
    expect(await a.hit("form", "203.0.113.7")).toBe(45);
    // Another client, another bucket: their own counts.
    expect(await b.hit("form", "203.0.113.8")).toBe(0);
    expect(await b.hit("other", "203.0.113.7")).toBe(0);
  });

  it("counts concurrent hits exactly (one statement each)", async () => {
    const a = instance({ max: 10 });
    const b = instance({ max: 10 });
    const waits = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).hit("burst", "198.51.100.1")));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
    const [row] = (await rows()).filter((r) => r.bucket === "burst");
    expect(row?.count).toBe(30);
  });

  it("starts again when the clock's window rolls over, the same on every instance", async () => {
    const a = instance({ max: 1 });
    const b = instance({ max: 1 });
    t = START + 59_500;
    expect(await a.hit("roll", "192.0.2.5")).toBe(0);
    expect(await b.hit("roll", "192.0.2.5")).toBe(1);
    t = START + WINDOW;
    expect(await b.hit("roll", "192.0.2.5")).toBe(0);
    expect(await a.hit("roll", "192.0.2.5")).toBe(60);
    const starts = (await rows()).filter((r) => r.bucket === "roll").map((r) => Number(r.window_start));
    expect(starts).toEqual([START, START + WINDOW]);
  });

  it("stores an HMAC of the client address under the app's secret, never the address", async () => {
    const stored = await rows();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toMatch(/203\.0\.113|198\.51\.100|192\.0\.2/);
    }
    expect(stored.map((r) => r.key_hash)).toContain(rateLimitKey(SECRET, "203.0.113.7"));
    expect(rateLimitKey("another-secret-another-secret-0000", "203.0.113.7")).not.toBe(rateLimitKey(SECRET, "203.0.113.7"));
  });

  it("deletes the windows before the previous one, at most once per sweep interval and not on the request's time", async () => {
    t = START + 10 * WINDOW + 1_000;
    const a = instance({ sweepMs: 60_000 });
    // Created now: the last sweep was "now", so this hit sweeps nothing.
    await a.hit("sweep", "192.0.2.9");
    expect((await rows()).some((r) => Number(r.window_start) < START + 9 * WINDOW)).toBe(true);
    t += 60_000;
    await a.hit("sweep", "192.0.2.9");
    await vi.waitFor(async () => expect((await rows()).every((r) => Number(r.window_start) >= START + 10 * WINDOW)).toBe(true));
    // The current and the previous window stay.
    expect((await rows()).map((r) => Number(r.window_start))).toEqual([START + 10 * WINDOW, START + 11 * WINDOW]);
  });

  it("lets the request through when the database fails, and warns without the address", async () => {
    lines.length = 0;
    const broken = createDatabaseRateLimiter(failingInserts(handle.db, "rate_limits"), { max: 1, windowMs: WINDOW, secret: SECRET, log });
    for (let i = 0; i < 5; i++) expect(await broken.hit("form", "203.0.113.99")).toBe(0);
    // One warning, not one per request.
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "warn", event: "rate_limit.failed_open", bucket: "form" });
    expect(lines[0]).not.toContain("203.0.113");
  });

  it("answers 429 with the translated message when the other instance used up the limit", async () => {
    t = Date.now();
    const a = testServices(handle.db, { limiter: instance({ max: 2 }) });
    const b = testServices(handle.db, { limiter: instance({ max: 2 }) });
    const partner = { partner_name: "savings-bank", redirect_url: "https://savings.example.com/loan" };
    expect((await callAction(bannerLog, jsonRequest("/x", partner), testContext(a, "en", "10.9.9.9"))).status).toBe(200);
    expect((await callAction(bannerLog, jsonRequest("/x", partner), testContext(a, "en", "10.9.9.9"))).status).toBe(200);
    const limited = await callAction(bannerLog, jsonRequest("/x", partner), testContext(b, "vi", "10.9.9.9"));
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(limited.json.message).toBe(viApi.rate_limited.other.replace("{count}", String(wait)));
  });

  it("counts nothing when switched off", async () => {
    const off = createDatabaseRateLimiter(handle.db, { max: 1, windowMs: WINDOW, secret: SECRET, log, disabled: true });
    for (let i = 0; i < 3; i++) expect(await off.hit("off", "10.0.0.1")).toBe(0);
    expect((await rows()).filter((r) => r.bucket === "off")).toHaveLength(0);
  });
});
