import { describe, expect, it } from "vitest";
import { cachedPage, createPageCache, sharedMaxAge, withNonce } from "#server/page-cache.ts";

const html = (headers: Record<string, string>, status = 200) =>
  new Response("<html></html>", { status, headers: { "content-type": "text/html; charset=utf-8", ...headers } });

describe("sharedMaxAge: only pages a route declared shareable", () => {
  it("reads s-maxage from a public Cache-Control", () => {
    expect(sharedMaxAge(html({ "cache-control": "public, s-maxage=300" }))).toBe(300);
  });
  it.each([
    ["no Cache-Control", html({})],
    ["private", html({ "cache-control": "private, s-maxage=300" })],
    ["no-store", html({ "cache-control": "public, no-store, s-maxage=300" })],
    ["a Set-Cookie", html({ "cache-control": "public, s-maxage=300", "set-cookie": "lang=vi" })],
    ["a 404", html({ "cache-control": "public, s-maxage=300" }, 404)],
    ["JSON", new Response("{}", { headers: { "content-type": "application/json", "cache-control": "public, s-maxage=300" } })],
  ])("is 0 with %s", (_name, response) => {
    expect(sharedMaxAge(response)).toBe(0);
  });
});

describe("page cache", () => {
  const page = (expires: number) =>
    cachedPage({ status: 200, headers: [], body: 'a nonce="N1" b nonce="N1" — Даатгал', nonce: "N1", expires });
  it("expires entries", () => {
    const cache = createPageCache();
    cache.set("k", page(1000));
    expect(cache.get("k", 999)).toBeDefined();
    expect(cache.get("k", 1000)).toBeUndefined();
  });
  it("drops the least recently used entry past its size", () => {
    const cache = createPageCache(2);
    cache.set("a", page(Infinity));
    cache.set("b", page(Infinity));
    cache.get("a");
    cache.set("c", page(Infinity));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.size).toBe(2);
  });
  it("gives every served copy its own nonce", () => {
    expect(withNonce(page(0), "N2").toString("utf8")).toBe('a nonce="N2" b nonce="N2" — Даатгал');
    expect(withNonce(page(0), "N3").toString("utf8")).toBe('a nonce="N3" b nonce="N3" — Даатгал');
  });
  it("keeps a page rendered without a nonce as it is", () => {
    const plain = cachedPage({ status: 200, headers: [], body: "<p>ü</p>", nonce: "", expires: 0 });
    expect(withNonce(plain, "N2").toString("utf8")).toBe("<p>ü</p>");
  });
});
