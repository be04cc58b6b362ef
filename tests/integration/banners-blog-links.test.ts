import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, signInCookie, csrfOf, get, post } from "#tests/support/admin.ts";
import { bannerStats, statsRange } from "#app/features/campaigns/banner-stats.server.ts";
import * as banners from "#app/routes/admin.banners.tsx";
import * as blogLinks from "#app/routes/admin.blog-links.tsx";
import { action as ogList } from "#app/routes/svc.og-list.ts";
import { readContentState } from "#app/lib/content-version.server.ts";

let site: Server;
let host: string;

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url?.split("?")[0] === "/post") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<html><head><meta property="og:title" content="E-9 비자 연장 &amp; 대출"><meta property="og:image" content="/img/cover.jpg"></head></html>`,
      );
    } else if (req.url === "/bare") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>no head</body></html>");
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});
/** OG_FETCH_ALLOW_HOSTS as the server would pass it (TestServices.ogFetchAllowHosts). */
let allowHosts: string[] = [];
afterEach(() => {
  allowHosts = [];
});

describe.each(DIALECTS)("banner statistics and blog links on %s", (dialect) => {
  let handle: TestDatabase;
  let cookie: string;
  const app = () => testServices(handle.db, { ogFetchAllowHosts: allowHosts });
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await createOperator(handle.db, "ops@example.com", "correct horse battery");
    cookie = await signInCookie(app(), "ops@example.com", "correct horse battery");
  }, 30_000); // a fresh schema and migrations: slow on a busy PostgreSQL
  afterAll(async () => handle.cleanup());

  describe("banner taps per partner per Seoul day", () => {
    beforeAll(async () => {
      const log = (partner_name: string, created_at: string) => ({ partner_name, redirect_url: "https://x.example.com", created_at });
      await handle.db
        .insertInto("banner_redirect_logs")
        .values([
          log("savings-bank", "2026-11-20T14:59:59.999Z"), // Seoul 11-20 23:59
          log("savings-bank", "2026-11-20T15:00:00.000Z"), // Seoul 11-21 00:00
          log("savings-bank", "2026-11-21T03:00:00.000Z"),
          log("regional-bank-general", "2026-11-21T10:00:00.000Z"),
          log("retired-partner", "2026-11-21T11:00:00.000Z"),
          log("savings-bank", "2026-11-10T00:00:00.000Z"), // outside the range
        ])
        .execute();
    });

    it("counts per partner and Seoul day, newest day first, with totals", async () => {
      const stats = await bannerStats(handle.db, { from: "2026-11-19", to: "2026-11-21" });
      expect(stats.partners).toEqual(["regional-bank-general", "regional-bank-student", "savings-bank", "retired-partner"]);
      expect(stats.days).toEqual([
        { day: "2026-11-21", counts: [1, 0, 2, 1], total: 4 },
        { day: "2026-11-20", counts: [0, 0, 1, 0], total: 1 },
        { day: "2026-11-19", counts: [0, 0, 0, 0], total: 0 },
      ]);
      expect(stats).toMatchObject({ totals: [1, 0, 3, 1], total: 5, maxDay: 4 });
    });

    it("defaults to the last 14 Seoul days and keeps a range sane", () => {
      expect(statsRange(undefined, undefined, new Date("2026-11-21T15:30:00.000Z"))).toEqual({ from: "2026-11-09", to: "2026-11-22" });
      expect(statsRange("2026-12-01", "2026-11-01")).toEqual({ from: "2026-11-01", to: "2026-11-01" });
      expect(statsRange("2020-01-01", "2026-11-01").from).toBe("2025-11-01");
    });

    it("the page loader reads the range from the query", async () => {
      const response = await callRoute(banners, "guarded", get("/admin/banners?from=2026-11-21&to=2026-11-21", cookie), app());
      const body = (await response.json()) as { stats: { total: number; days: unknown[] } };
      expect(body.stats.total).toBe(4);
      expect(body.stats.days).toHaveLength(1);
    });
  });

  describe("blog links", () => {
    const form = async (fields: Record<string, string>) =>
      callRoute(blogLinks, "guarded", post("/admin/blog-links", { csrf: await csrfOf(app(), cookie), ...fields }, cookie), app());
    const feed = async () => {
      const res = await callAction(ogList, jsonRequest("/svc/og/list", { page_num: 1, page_size: 4 }), testContext(app()));
      return (
        res.json.data as unknown as {
          list: { og_seq: number; og_title: string | null; og_url: string; og_image: string | null; domain_addr: string }[];
        }
      ).list;
    };

    it("adds a link by URL: the server reads its title, image (made absolute) and domain; it leads /svc/og/list", async () => {
      allowHosts = [host];
      const response = await form({ intent: "add", url: ` http://${host}/post ` });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ok: "added" });
      expect((await feed())[0]).toMatchObject({
        og_title: "E-9 비자 연장 & 대출",
        og_url: `http://${host}/post`,
        og_image: `http://${host}/img/cover.jpg`,
        domain_addr: "127.0.0.1",
      });
      const audit = await handle.db.selectFrom("admin_audit_log").selectAll().where("action", "=", "blog_add").execute();
      expect(audit).toHaveLength(1);
    });

    it("stores a page without Open Graph tags with no title (the Blogs page shows its fallback)", async () => {
      allowHosts = [host];
      expect(await (await form({ intent: "add", url: `http://${host}/bare` })).json()).toMatchObject({ ok: "added" });
      expect((await feed())[0]).toMatchObject({ og_title: null, og_image: null });
    });

    it("refuses a duplicate, a non-http URL, and a private address without the allow-list", async () => {
      allowHosts = [host];
      expect(await (await form({ intent: "add", url: `http://${host}/post` })).json()).toMatchObject({ error: "duplicate" });
      expect(await (await form({ intent: "add", url: "javascript:alert(1)" })).json()).toMatchObject({ error: "url" });
      allowHosts = [];
      const refused = await form({ intent: "add", url: `http://${host}/post?again` });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "blocked" });
      expect(await (await form({ intent: "add", url: "http://169.254.169.254/latest/meta-data/" })).json()).toMatchObject({
        error: "blocked",
      });
    });

    it("edits the title and image, refusing a non-http image", async () => {
      const [item] = await feed();
      const id = String(item!.og_seq);
      expect(
        await (await form({ intent: "update", id, title: "  New   title ", image: "https://cdn.example.com/a.jpg" })).json(),
      ).toMatchObject({ ok: "updated" });
      expect((await feed())[0]).toMatchObject({ og_title: "New title", og_image: "https://cdn.example.com/a.jpg" });
      expect(await (await form({ intent: "update", id, title: "x", image: "javascript:alert(1)" })).json()).toMatchObject({
        error: "image",
      });
      expect(await (await form({ intent: "update", id: "999999", title: "x", image: "" })).json()).toMatchObject({ error: "missing" });
    });

    it("deletes a link", async () => {
      const [item] = await feed();
      expect(await (await form({ intent: "delete", id: String(item!.og_seq) })).json()).toMatchObject({ ok: "deleted" });
      expect((await feed()).map((i) => i.og_seq)).not.toContain(item!.og_seq);
      expect(
        await handle.db.selectFrom("admin_audit_log").select("action").where("action", "in", ["blog_update", "blog_delete"]).execute(),
      ).toHaveLength(2);
    });

    it("moves the content version with each change, so every instance drops its cached blog page (ADR 0025)", async () => {
      const version = async () => (await readContentState(handle.db)).version;
      const before = await version();
      allowHosts = [host];
      expect(await (await form({ intent: "add", url: `http://${host}/post?version` })).json()).toMatchObject({ ok: "added" });
      expect(await version()).toBe(before + 1);
      const [item] = await feed();
      const id = String(item!.og_seq);
      expect(await (await form({ intent: "update", id, title: "Moved", image: "" })).json()).toMatchObject({ ok: "updated" });
      expect(await version()).toBe(before + 2);
      expect(await (await form({ intent: "update", id: "999999", title: "x", image: "" })).json()).toMatchObject({ error: "missing" });
      expect(await version()).toBe(before + 2);
      expect(await (await form({ intent: "delete", id })).json()).toMatchObject({ ok: "deleted" });
      expect(await version()).toBe(before + 3);
    });
  });
});
