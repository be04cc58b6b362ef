import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { action as ogList } from "#app/routes/svc.og-list.ts";
import { loader as blogsLoader } from "#app/routes/information-service.blogs.tsx";
import { firstPages, listBlogLinks, requestedPage, MAX_SERVER_PAGES } from "#app/features/blogs/og-list.server.ts";
import type { BlogPage } from "#app/features/blogs/types.ts";

const SEEDED = 12;

describe.each(DIALECTS)("POST /svc/og/list on %s (spec §7)", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());
  const call = (body: unknown) => callAction(ogList, jsonRequest("/svc/og/list", body), testContext(testServices(handle.db)));
  const page = async (body: unknown) => {
    const res = await call(body);
    expect(res.status).toBe(200);
    return res.json.data as unknown as BlogPage;
  };

  it("walks every page once, newest first, with consistent paging fields", async () => {
    const seen: number[] = [];
    let pageNum = 1;
    for (;;) {
      const data = await page({ page_num: pageNum, page_size: 4 });
      expect(data).toMatchObject({ pageNum, pageSize: 4, total: SEEDED, pages: 3 });
      expect(data.items).toEqual(data.list);
      expect(data.hasNextPage).toBe(data.hasNext);
      seen.push(...data.list.map((i) => i.og_seq));
      if (!data.hasNext) break;
      pageNum++;
    }
    expect(pageNum).toBe(3);
    expect(seen).toHaveLength(SEEDED);
    expect(new Set(seen).size).toBe(SEEDED);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it("uses page size 4 when none is sent", async () => {
    expect((await page({ page_num: 1 })).list).toHaveLength(4);
  });

  it.each([
    ["just past the last page", { page_num: 4, page_size: 4 }],
    ["far past the last page", { page_num: 1_000_000, page_size: 50 }],
  ])("answers an empty last page %s", async (_name, body) => {
    expect(await page(body)).toMatchObject({ list: [], items: [], hasNext: false, hasNextPage: false, total: SEEDED });
  });

  it("answers the largest page size in one page", async () => {
    expect(await page({ page_num: 1, page_size: 50 })).toMatchObject({ total: SEEDED, pages: 1, hasNext: false });
  });

  it("ignores unknown fields and accepts 2.0 as 2", async () => {
    expect((await page({ page_num: 2.0, page_size: 4, extra: "x" })).pageNum).toBe(2);
  });

  it.each([
    ["page 0", { page_num: 0, page_size: 4 }],
    ["a negative page", { page_num: -3, page_size: 4 }],
    ["a page past the limit", { page_num: 1_000_001, page_size: 4 }],
    ["size 0", { page_num: 1, page_size: 0 }],
    ["a huge size", { page_num: 1, page_size: 51 }],
    ["a size of 1e400 (Infinity)", '{"page_num":1,"page_size":1e400}'],
    ["a numeric string", { page_num: "2", page_size: 4 }],
    ["a word", { page_num: "abc", page_size: 4 }],
    ["null", { page_num: null, page_size: 4 }],
    ["a boolean", { page_num: true, page_size: 4 }],
    ["an array", { page_num: [1], page_size: 4 }],
    ["a fraction", { page_num: 1, page_size: 2.5 }],
    ["no page", {}],
    ["a JSON null body", "null"],
    ["a JSON number body", "7"],
    ["malformed JSON", "{page_num: 1"],
  ])("answers 400 (never 500) to %s", async (_name, body) => {
    const res = await call(body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ res_status: 400 });
    expect(res.json.message).toBeTruthy();
  });

  it("answers 400 in the request's language", async () => {
    const res = await callAction(ogList, jsonRequest("/x", { page_num: 0 }), testContext(testServices(handle.db), "vi"));
    expect(res.status).toBe(400);
    expect(res.json.errors.page_num).toBeTruthy();
    expect(res.json.errors.page_num).not.toBe("This number is out of range.");
  });
});

describe.each(DIALECTS)("blog links listed on %s: only http(s)", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    const at = "2027-01-01T00:00:00.000Z";
    await handle.db
      .insertInto("blog_links")
      .values([
        { og_title: "bad scheme", og_url: "javascript:alert(1)", og_image: null, domain_addr: "x", created_at: at, updated_at: at },
        {
          og_title: "ftp",
          og_url: "ftp://files.example.com/a",
          og_image: null,
          domain_addr: "files.example.com",
          created_at: at,
          updated_at: at,
        },
        {
          og_title: "upper case",
          og_url: "HTTPS://UPPER.example.com/a",
          og_image: "javascript:alert(1)",
          domain_addr: "upper.example.com",
          created_at: at,
          updated_at: at,
        },
        {
          og_title: "protocol-relative image",
          og_url: "https://blog.example.com/p",
          og_image: "//evil.example.com/x.png",
          domain_addr: "blog.example.com",
          created_at: at,
          updated_at: at,
        },
      ])
      .execute();
  });
  afterAll(async () => handle.cleanup());

  it("never lists or counts a non-http(s) link, and drops unsafe images", async () => {
    const data = await listBlogLinks(handle.db, 1, 50);
    expect(data.total).toBe(SEEDED + 2);
    expect(data.list).toHaveLength(SEEDED + 2);
    expect(data.list.every((i) => /^https?:\/\//i.test(i.og_url))).toBe(true);
    const titles = data.list.map((i) => i.og_title);
    expect(titles).not.toContain("bad scheme");
    expect(titles).not.toContain("ftp");
    expect(data.list.find((i) => i.og_title === "upper case")?.og_image).toBeNull();
    expect(data.list.find((i) => i.og_title === "protocol-relative image")?.og_image).toBeNull();
    expect(data.list.find((i) => i.og_image === "/images/blog/sample-1.svg")).toBeDefined();
  });
});

describe.each(DIALECTS)("blog page loader on %s (first pages in the HTML)", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  });
  afterAll(async () => handle.cleanup());
  const load = (query: string) =>
    blogsLoader({
      request: new Request(`http://localhost/information-service/blogs${query}`),
      context: testContext(testServices(handle.db)),
      params: {},
    } as never);

  it("renders page 1 and says where the browser goes on", async () => {
    const data = await load("");
    expect(data.feed.items).toHaveLength(4);
    expect(data.feed).toMatchObject({ nextPage: 2, hasNext: true });
    expect(data.title).toBe("Blogs");
  });

  it("renders pages 1…n for ?page=n (the no-script 'more'), the same items the API pages give", async () => {
    const data = await load("?page=2");
    const api = [...(await listBlogLinks(handle.db, 1, 4)).list, ...(await listBlogLinks(handle.db, 2, 4)).list];
    expect(data.feed.items).toEqual(api);
    expect(data.feed).toMatchObject({ nextPage: 3, hasNext: true });
    expect((await load("?page=3")).feed).toMatchObject({ nextPage: 4, hasNext: false });
  });

  it("reads a bad ?page= as page 1 and caps a huge one", async () => {
    expect((await load("?page=abc")).feed.nextPage).toBe(2);
    expect((await load("?page=-2")).feed.nextPage).toBe(2);
    expect((await load("?page=99999")).feed.nextPage).toBe(2);
    expect((await load("?page=999")).feed.nextPage).toBe(MAX_SERVER_PAGES + 1);
  });

  it("firstPages matches the API's hasNext", async () => {
    expect(await firstPages(handle.db, 3, 4)).toMatchObject({ hasNext: false, nextPage: 4 });
  });
});

describe("requestedPage", () => {
  const url = (q: string) => new URL(`http://x/information-service/blogs${q}`);
  it("accepts 1…MAX_SERVER_PAGES", () => {
    expect(requestedPage(url("?page=1"))).toBe(1);
    expect(requestedPage(url("?page=7"))).toBe(7);
    expect(requestedPage(url(`?page=${MAX_SERVER_PAGES + 5}`))).toBe(MAX_SERVER_PAGES);
    expect(requestedPage(url("?page=0"))).toBe(1);
    expect(requestedPage(url("?page=1e3"))).toBe(1);
    expect(requestedPage(url(""))).toBe(1);
  });
});
