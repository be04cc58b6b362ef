import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testContext, testServices } from "#tests/support/services.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { loader as go } from "#app/routes/go.ts";

/** Issue 16, point 5: /go/<partner key> counts the tap and sends the browser to the stored link, and nowhere else. */
describe.each(DIALECTS)("/go/<partner key> on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());

  const visit = (key: string, query = "", services = testServices(handle.db)) =>
    go({
      request: new Request(`http://localhost/go/${encodeURIComponent(key)}${query}`),
      context: testContext(services),
      params: { key },
    } as never) as Promise<Response>;
  const logs = async (key: string) =>
    (await handle.db.selectFrom("banner_redirect_logs").select("redirect_url").where("partner_name", "=", key).execute()).map(
      (r) => r.redirect_url,
    );

  it("logs the tap once and answers 302 to the banner's stored link", async () => {
    const stored = await handle.db
      .selectFrom("campaign_banners")
      .select(["partner_key", "link"])
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const response = await visit(stored.partner_key, "?url=https://evil.example.com/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(stored.link);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await logs(stored.partner_key)).toEqual([stored.link]);
  });

  it.each([
    ["an unknown key", "no-such-partner"],
    ["a URL", "https://evil.example.com"],
    ["a protocol-relative path", "//evil.example.com"],
    ["a path", "../admin"],
    ["an encoded slash", "%2F%2Fevil.example.com"],
    ["upper case", "SAVINGS-BANK"],
    ["an empty key", ""],
    ["a very long key", "a".repeat(500)],
    ["a control character", "savings-bank\u0000"],
  ])("answers 404 to %s and logs nothing", async (_name, key) => {
    const before = (await handle.db.selectFrom("banner_redirect_logs").select("id").execute()).length;
    const response = await visit(key);
    expect(response.status).toBe(404);
    expect(response.headers.get("location")).toBeNull();
    expect((await handle.db.selectFrom("banner_redirect_logs").select("id").execute()).length).toBe(before);
  });

  it("answers 404 for a banner switched off, and counts it again once it is back on", async () => {
    const banner = await handle.db
      .selectFrom("campaign_banners")
      .select(["id", "partner_key"])
      .orderBy("position", "desc")
      .executeTakeFirstOrThrow();
    await handle.db.updateTable("campaign_banners").set({ enabled: 0 }).where("id", "=", banner.id).execute();
    expect((await visit(banner.partner_key)).status).toBe(404);
    await handle.db.updateTable("campaign_banners").set({ enabled: 1 }).where("id", "=", banner.id).execute();
    expect((await visit(banner.partner_key)).status).toBe(302);
    expect(await logs(banner.partner_key)).toHaveLength(1);
  });

  it("still sends a client over the rate limit on, without counting it", async () => {
    const banner = await handle.db.selectFrom("campaign_banners").select(["partner_key"]).orderBy("position").executeTakeFirstOrThrow();
    const services = testServices(handle.db, { limiter: createRateLimiter({ max: 1, windowMs: 60_000 }) });
    const before = (await logs(banner.partner_key)).length;
    expect((await visit(banner.partner_key, "", services)).status).toBe(302);
    expect((await visit(banner.partner_key, "", services)).status).toBe(302);
    expect(await logs(banner.partner_key)).toHaveLength(before + 1);
  });
});
