import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#db/connect.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testContext, testServices, type TestServices } from "#tests/support/services.ts";
import { callRoute, createOperator, signInCookie, csrfOf, post } from "#tests/support/admin.ts";
import { cachedPage, createPageCache, type PageCache } from "#server/page-cache.ts";
import { watchContent } from "#app/lib/content-version.server.ts";
import * as campaigns from "#app/routes/admin.campaigns.tsx";
import * as home from "#app/routes/home.tsx";

/**
 * "Live at once, everywhere" (issue 14, ADR 0021): two instances, each with
 * its own connection, page cache (server/page-cache.ts, five minutes for
 * the home page) and content watcher, on one database. A change made through
 * one is served by the other within 5 s, although the other had the home
 * page in its cache.
 */
interface Instance {
  services: TestServices;
  cache: PageCache;
  stop(): void;
  close(): Promise<void>;
  /** The home page as this instance answers it: from its cache, else rendered (here: the loader's data) and kept. */
  home(): Promise<{ body: string; hit: boolean }>;
}

function instance(url: string): Instance {
  const database: DatabaseHandle = connect(url);
  const services = testServices(database.db);
  const cache = createPageCache();
  const watcher = watchContent(database.db, () => cache.clear());
  return {
    services,
    cache,
    stop: watcher.stop,
    close: () => database.close(),
    async home() {
      const hit = cache.get("en /");
      if (hit) return { body: hit.body.identity.toString(), hit: true };
      const data = await home.loader({ request: new Request("http://localhost/"), context: testContext(services), params: {} } as never);
      const body = JSON.stringify((data as { campaigns: unknown }).campaigns);
      cache.set("en /", await cachedPage({ status: 200, headers: [], body, nonce: "", expires: Date.now() + 300_000 }));
      return { body, hit: false };
    },
  };
}

describe.each(DIALECTS)("two instances on %s", (dialect) => {
  let handle: TestDatabase;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    a = instance(handle.url);
    b = instance(handle.url);
  }, 30_000);
  afterAll(async () => {
    for (const i of [a, b]) {
      i.stop();
      await i.close();
    }
    await handle.cleanup();
  });

  it("an edit through one is served by the other within 5 s", async () => {
    await createOperator(handle.db, "ops@example.com", "correct horse battery");
    const cookie = await signInCookie(a.services, "ops@example.com", "correct horse battery");
    const csrf = await csrfOf(a.services, cookie);
    // B has the home page in its cache, with the general loan first.
    const before = await b.home();
    expect(JSON.parse(before.body).banners[0].key).toBe("regional-bank-general");
    expect((await b.home()).hit).toBe(true);

    const row = await handle.db
      .selectFrom("campaign_banners")
      .select("id")
      .where("partner_key", "=", "regional-bank-general")
      .executeTakeFirstOrThrow();
    const response = await callRoute(
      campaigns,
      "guarded",
      post("/admin/campaigns", { csrf, id: String(row.id), intent: "disable" }, cookie),
      a.services,
    );
    expect(response.status).toBe(200);
    // From the moment the edit is saved (its own time on a busy machine is not the other instance's delay).
    const started = Date.now();

    let served = await b.home();
    while (JSON.parse(served.body).banners[0].key === "regional-bank-general") {
      expect(Date.now() - started).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      served = await b.home();
    }
    expect(Date.now() - started).toBeLessThan(5000);
    expect(JSON.parse(served.body).banners.map((x: { key: string }) => x.key)).toEqual(["regional-bank-student", "savings-bank"]);
    // And B keeps serving the new page from its cache again.
    expect((await b.home()).hit).toBe(true);
  }, 20_000);

  it("drops the cache when a banner's window opens, with no edit at that moment", async () => {
    const opens = "2030-01-01T00:00:00.000Z";
    await handle.db.updateTable("campaign_banners").set({ active_from: opens }).where("partner_key", "=", "savings-bank").execute();
    let now = new Date("2029-12-31T23:59:58.000Z");
    let drops = 0;
    const watcher = watchContent(handle.db, () => (drops += 1), { now: () => now, intervalMs: 60_000 });
    try {
      await watcher.check();
      await watcher.check();
      expect(drops).toBe(0);
      now = new Date(opens);
      await watcher.check();
      expect(drops).toBe(1);
      await watcher.check();
      expect(drops).toBe(1);
    } finally {
      watcher.stop();
    }
  });
});
