import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { action as bannerLog } from "#app/routes/svc.banner-redirect-log.ts";
import { action as ogList } from "#app/routes/svc.og-list.ts";

const partner = { partner_name: "savings-bank", redirect_url: "https://savings.example.com/loan" };

describe.each(DIALECTS)("/svc envelope on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());
  const ctx = (locale: "en" | "vi" = "en") => testContext(testServices(handle.db), locale);
  const logCount = async () => (await handle.db.selectFrom("banner_redirect_logs").selectAll().execute()).length;

  it("answers 200 {res_status: 200, data} and stores the banner log", async () => {
    const res = await callAction(bannerLog, jsonRequest("/svc/banner/redirect/logs/create", partner), ctx());
    expect(res.status).toBe(200);
    expect(res.json.res_status).toBe(200);
    expect(await logCount()).toBe(1);
  });

  it.each([
    ["malformed JSON", jsonRequest("/x", "{not json")],
    [
      "wrong content type",
      new Request("http://localhost/x", { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify(partner) }),
    ],
    ["wrong types", jsonRequest("/x", { partner_name: 42, redirect_url: ["x"] })],
    ["a missing field", jsonRequest("/x", { partner_name: "savings-bank" })],
    ["a non-http URL", jsonRequest("/x", { partner_name: "savings-bank", redirect_url: "javascript:alert(1)" })],
    ["an unknown partner", jsonRequest("/x", { partner_name: "evil", redirect_url: "https://evil.example.com" })],
    ["a body over the limit", jsonRequest("/x", { ...partner, pad: "x".repeat(10_000) })],
    ["a JSON array", jsonRequest("/x", [partner])],
    [
      "invalid UTF-8",
      new Request("http://localhost/x", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
      }),
    ],
  ])("answers 400 with a message and stores nothing for %s", async (_name, request) => {
    const before = await logCount();
    const res = await callAction(bannerLog, request, ctx());
    expect(res.status).toBe(400);
    expect(res.json.res_status).toBe(400);
    expect(typeof res.json.message).toBe("string");
    expect(res.json.message.length).toBeGreaterThan(0);
    expect(res.json.errors).toBeTypeOf("object");
    expect(await logCount()).toBe(before);
  });

  it("names the bad field in the request's language", async () => {
    const en = await callAction(bannerLog, jsonRequest("/x", { partner_name: "", redirect_url: partner.redirect_url }), ctx("en"));
    expect(en.json.errors.partner_name).toBe("This field is required.");
    const vi = await callAction(bannerLog, jsonRequest("/x", { partner_name: "", redirect_url: partner.redirect_url }), ctx("vi"));
    expect(vi.json.errors.partner_name).toBeTruthy();
    expect(vi.json.errors.partner_name).not.toBe("common.errors.required");
  });

  it("names a missing field in the catalog's words, never the validation library's", async () => {
    const res = await callAction(bannerLog, jsonRequest("/x", { partner_name: "savings-bank" }), ctx("en"));
    expect(res.json.errors).toEqual({ redirect_url: "This field is required." });
    const wrongType = await callAction(bannerLog, jsonRequest("/x", 7), ctx("en"));
    expect(wrongType.json.errors).toEqual({ _form: "This value is not valid. Please check it." });
  });

  it("answers 405 to anything but POST", async () => {
    const res = await callAction(
      bannerLog,
      new Request("http://localhost/x", { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" }),
      ctx(),
    );
    expect(res.status).toBe(405);
  });

  it("answers 429 with Retry-After past the per-IP limit", async () => {
    const services = testServices(handle.db, { limiter: createRateLimiter({ max: 2, windowMs: 60_000 }) });
    const context = testContext(services, "en", "10.0.0.9");
    for (let i = 0; i < 2; i++) expect((await callAction(bannerLog, jsonRequest("/x", partner), context)).status).toBe(200);
    const limited = await callAction(bannerLog, jsonRequest("/x", partner), context);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.json.message).toMatch(/too many/i);
  });

  describe("/svc/og/list paging", () => {
    it("pages newest first with every paging hint", async () => {
      const first = await callAction(ogList, jsonRequest("/x", { page_num: 1, page_size: 4 }), ctx());
      expect(first.status).toBe(200);
      const data = first.json.data as unknown as {
        list: unknown[];
        items: unknown[];
        hasNext: boolean;
        hasNextPage: boolean;
        total: number;
        pages: number;
        pageNum: number;
      };
      expect(data.list).toHaveLength(4);
      expect(data.items).toEqual(data.list);
      expect(data).toMatchObject({ total: 12, pages: 3, pageNum: 1, hasNext: true, hasNextPage: true });
    });
    it("ends at the last page and answers an empty page beyond it", async () => {
      const last = (await callAction(ogList, jsonRequest("/x", { page_num: 3, page_size: 4 }), ctx())).json.data as unknown as {
        list: unknown[];
        hasNext: boolean;
      };
      expect(last.list).toHaveLength(4);
      expect(last.hasNext).toBe(false);
      const beyond = (await callAction(ogList, jsonRequest("/x", { page_num: 99, page_size: 4 }), ctx())).json.data as unknown as {
        list: unknown[];
        hasNext: boolean;
      };
      expect(beyond).toMatchObject({ list: [], hasNext: false });
    });
    it.each([
      [{ page_num: 0, page_size: 4 }],
      [{ page_num: -1, page_size: 4 }],
      [{ page_num: 1, page_size: 0 }],
      [{ page_num: 1, page_size: 100000 }],
      [{ page_num: "abc", page_size: 4 }],
      [{ page_num: 1.5, page_size: 4 }],
      [{}],
    ])("answers 400 to %j", async (body) => {
      const res = await callAction(ogList, jsonRequest("/x", body), ctx());
      expect(res.status).toBe(400);
      expect(res.json.res_status).toBe(400);
    });
  });
});
