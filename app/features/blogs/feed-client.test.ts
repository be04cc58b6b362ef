import { describe, expect, it } from "vitest";
import { parseFeedPage } from "#app/features/blogs/feed-client.ts";

const item = (og_seq: number, extra: Record<string, unknown> = {}) => ({
  og_seq,
  og_title: `Title ${og_seq}`,
  og_url: `https://blog.example.com/${og_seq}`,
  og_image: "/images/blog/sample-1.svg",
  domain_addr: "blog.example.com",
  ...extra,
});

describe("parseFeedPage (spec §3 list answer)", () => {
  it("reads data.list with hasNext", () => {
    expect(parseFeedPage({ list: [item(1)], hasNext: true }, 1)).toEqual({ items: [item(1)], hasNext: true });
  });
  it("reads data.items when there is no list", () => {
    expect(parseFeedPage({ items: [item(2)], hasNextPage: false }, 2).items).toEqual([item(2)]);
  });
  it("prefers hasNextPage, then hasNext, then pages/pageNum, then total", () => {
    const four = [item(1), item(2), item(3), item(4)];
    expect(parseFeedPage({ list: four, hasNextPage: false, hasNext: true }, 1).hasNext).toBe(false);
    expect(parseFeedPage({ list: four, pages: 3, pageNum: 2 }, 2).hasNext).toBe(true);
    expect(parseFeedPage({ list: four, pages: 3, pageNum: 3 }, 3).hasNext).toBe(false);
    expect(parseFeedPage({ list: four, total: 12 }, 2).hasNext).toBe(true);
    expect(parseFeedPage({ list: four, total: 12 }, 3).hasNext).toBe(false);
  });
  it("without hints, a full page may have a next one and a short page does not", () => {
    expect(parseFeedPage({ list: [item(1), item(2), item(3), item(4)] }, 1).hasNext).toBe(true);
    expect(parseFeedPage({ list: [item(1)] }, 1).hasNext).toBe(false);
  });
  it("never claims a next page after an empty one", () => {
    expect(parseFeedPage({ list: [], hasNext: true }, 9)).toEqual({ items: [], hasNext: false });
    expect(parseFeedPage(null, 1)).toEqual({ items: [], hasNext: false });
  });
  it("drops items whose link is not http(s) and images that are not http(s) or local", () => {
    const page = parseFeedPage(
      {
        list: [
          item(1, { og_url: "javascript:alert(1)" }),
          item(2, { og_image: "javascript:alert(1)" }),
          item(3, { og_image: "//evil.example/x.png" }),
          item(4, { og_url: "HTTPS://Blog.example.com/4" }),
        ],
      },
      1,
    );
    expect(page.items.map((i) => i.og_seq)).toEqual([2, 3, 4]);
    expect(page.items[0]!.og_image).toBeNull();
    expect(page.items[1]!.og_image).toBeNull();
  });
  it("keeps a missing title as null (the card shows 제목 없음) and derives a missing domain", () => {
    const [untitled] = parseFeedPage({ list: [item(5, { og_title: "  ", domain_addr: null })] }, 1).items;
    expect(untitled).toMatchObject({ og_title: null, domain_addr: "blog.example.com" });
  });
});
