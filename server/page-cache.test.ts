import { describe, expect, it } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { cachedPage, createPageCache, inlineScriptHashes, keptAnswerAge, nextSeoulMidnight, sharedMaxAge } from "#server/page-cache.ts";
import { withScriptHashes } from "#server/security.ts";
import { ANSWER_QUERY_MAX, answerKey, cacheKey, keyFieldsOf } from "#server/router-handler.ts";
import { keptAnswer } from "#app/lib/cache.ts";

const html = (headers: Record<string, string>, status = 200) =>
  new Response("<html></html>", { status, headers: { "content-type": "text/html; charset=utf-8", ...headers } });

describe("sharedMaxAge: only pages a route declared shareable", () => {
  it("reads s-maxage from a public Cache-Control", () => {
    expect(sharedMaxAge(html({ "cache-control": "public, s-maxage=300" }))).toBe(300);
    expect(sharedMaxAge(html({ "cache-control": "public, s-maxage=300" }, 404)), "the not-found page").toBe(300);
  });
  it.each([
    ["no Cache-Control", html({})],
    ["private", html({ "cache-control": "private, s-maxage=300" })],
    ["no-store", html({ "cache-control": "public, no-store, s-maxage=300" })],
    ["a Set-Cookie", html({ "cache-control": "public, s-maxage=300", "set-cookie": "lang=vi" })],
    ["a 500", html({ "cache-control": "public, s-maxage=300" }, 500)],
    ["JSON", new Response("{}", { headers: { "content-type": "application/json", "cache-control": "public, s-maxage=300" } })],
  ])("is 0 with %s", (_name, response) => {
    expect(sharedMaxAge(response)).toBe(0);
  });
});

describe("page cache", () => {
  const page = (expires: number, body = '<p>a</p><script nonce="N1">go("N1")</script> — Даатгал') =>
    cachedPage({ status: 200, headers: [], body, nonce: "N1", expires });
  it("expires entries", async () => {
    const cache = createPageCache();
    cache.set("k", await page(1000));
    expect(cache.get("k", 999)).toBeDefined();
    expect(cache.get("k", 1000)).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
  it("drops the least recently used entry past its count", async () => {
    const cache = createPageCache({ maxEntries: 2 });
    cache.set("a", await page(Infinity));
    cache.set("b", await page(Infinity));
    cache.get("a");
    cache.set("c", await page(Infinity));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.size).toBe(2);
  });
  it("holds at most its byte budget, dropping the least recently used pages first", async () => {
    const one = await page(Infinity, `<p>${randomBytes(3000).toString("hex")}</p>`);
    // Random pages compress to a few bytes more or less than `one`: room for three of them, never four.
    const budget = one.bytes * 3 + 500;
    const cache = createPageCache({ maxBytes: budget });
    for (const key of ["a", "b", "c"]) cache.set(key, await page(Infinity, `<p>${randomBytes(3000).toString("hex")}</p>`));
    cache.get("a");
    cache.set("d", one);
    expect(cache.size).toBe(3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    // A page larger than the whole budget is not kept, and evicts nothing.
    cache.set("huge", await page(Infinity, `<p>${randomBytes(20_000).toString("hex")}</p>`));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.size).toBe(3);
  });
  it("keeps a page compressed once, without the nonce it was rendered with, and hashes its inline scripts", async () => {
    const kept = await page(0);
    const html = '<p>a</p><script>go("")</script> — Даатгал';
    expect(kept.body.identity.toString("utf8")).toBe(html);
    expect(brotliDecompressSync(kept.body.br).toString("utf8")).toBe(html);
    expect(gunzipSync(kept.body.gzip).toString("utf8")).toBe(html);
    expect(kept.scriptHashes).toEqual([`'sha256-${createHash("sha256").update('go("")').digest("base64")}'`]);
    expect(kept.bytes).toBe(kept.body.identity.length + kept.body.br.length + kept.body.gzip.length);
  });
  it("hashes every executable inline script once, and neither external scripts nor data blocks", () => {
    const hash = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
    const html =
      '<script>a()</script><script type="module">import "/x.js";\nb()</script><script>a()</script>' +
      '<script src="/y.js"></script><script type="application/ld+json">{"@type":"FAQPage"}</script><script>ü</script>';
    expect(inlineScriptHashes(html)).toEqual([hash("a()"), hash('import "/x.js";\nb()'), hash("ü")]);
  });
});

describe("a cached page's Content-Security-Policy", () => {
  it("allows its scripts by their hashes instead of a nonce, 'strict-dynamic' kept", () => {
    const policy = "default-src 'self'; script-src 'nonce-abc' 'strict-dynamic' 'self' https://map.example; style-src 'self'";
    expect(withScriptHashes(policy, "abc", ["'sha256-x'", "'sha256-y'"])).toBe(
      "default-src 'self'; script-src 'sha256-x' 'sha256-y' 'strict-dynamic' 'self' https://map.example; style-src 'self'",
    );
    expect(withScriptHashes(policy, "abc", [])).toBe(
      "default-src 'self'; script-src 'strict-dynamic' 'self' https://map.example; style-src 'self'",
    );
  });
});

describe("the page cache's key: what the page varies on, and only that", () => {
  const key = async (url: string, publicOrigin?: string) => cacheKey(keyFieldsOf(new Request(url)), publicOrigin)?.key;
  const store = async (url: string) => cacheKey(keyFieldsOf(new Request(url)))?.store;

  it("holds the scheme and the host when no PUBLIC_ORIGIN gives the links", async () => {
    expect(await key("https://site.example/company/about")).toBe("en https://site.example/company/about");
    expect(await key("http://site.example/company/about")).not.toBe(await key("https://site.example/company/about"));
    expect(await key("https://other.example/company/about")).not.toBe(await key("https://site.example/company/about"));
  });

  it("leaves the host out with PUBLIC_ORIGIN (every link uses it), but not the scheme", async () => {
    const origin = "https://loans.example.com";
    expect(await key("https://evil.example/company/about", origin)).toBe(await key("https://10.0.0.5:3000/company/about", origin));
    expect(await key("https://evil.example/company/about", origin)).toBe("en https://loans.example.com/company/about");
    expect(await key("http://site.example/company/about", origin)).not.toBe(await key("https://site.example/company/about", origin));
  });

  it("keys on the parameters pages read, in one order", async () => {
    const base = "https://site.example/information-service/loan";
    expect(await key(`${base}?lang=vi`)).toBe(`vi ${base}?lang=vi`);
    expect(await key("https://site.example/company/about?policy=privacy&lang=vi&policyLang=ko")).toBe(
      "vi https://site.example/company/about?lang=vi&policy=privacy&policyLang=ko",
    );
    expect(await key("https://site.example/company/hitachi/complete?type=purchase")).toBe(
      "en https://site.example/company/hitachi/complete?type=purchase",
    );
    expect(await key("https://site.example/information-service/blogs?page=2")).toBe(
      "en https://site.example/information-service/blogs?page=2",
    );
    // The order of repeated terms is the conversation's: kept.
    const terms = await key(`${base}?term=interest&term=principal`);
    expect(terms).toBe(`en ${base}?term=interest&term=principal`);
    expect(await key(`https://site.example/information-service/loan-faq?category=faq`)).toContain(`?category=faq`);
    // The product a partner banner leads to (issue 35): its own page, with its disclosure, never the bare guide.
    expect(await key("https://site.example/our-products/loan?product=savings-bank")).toBe(
      "en https://site.example/our-products/loan?product=savings-bank",
    );
  });

  it("answers other parameters from the key without them, and does not keep their render", async () => {
    expect(await key("https://site.example/company/about?utm_source=x&lang=vi&fbclid=y")).toBe(
      "vi https://site.example/company/about?lang=vi",
    );
    expect(await store("https://site.example/company/about?utm_source=x")).toBe(false);
    expect(await store("https://site.example/company/about?lang=vi")).toBe(true);
    const junk = await Promise.all(Array.from({ length: 50 }, (_, i) => key(`https://site.example/?junk${i}=${i}`)));
    expect(new Set(junk)).toEqual(new Set(["en https://site.example/"]));
  });

  it.each([
    ["an unknown policy (the page echoes it)", "?policy=nonsense"],
    ["a language that is none", "?lang=xx"],
    ["an unknown FAQ category", "?category=zzz"],
    ["an unknown glossary term", "?term=zzz"],
    ["a page past the server's pages", "?page=999"],
    ["a product key that is no key", "?product=%3Cscript%3E"],
    ["a repeated single parameter", "?lang=vi&lang=en"],
    ["a repayment calculator answer (issue 27)", "?amount=10000000&rate=13&months=12"],
    ["a repayment calculator field, even empty (a form sent without values)", "?method=annuity&amount="],
    ["a visitor's eligibility answers (issue 27)", "?visa=E-9&months=12"],
    ["one eligibility answer among tracking tags", "?utm_source=x&income=30000000"],
  ])("shares nothing for %s", async (_name, search) => {
    expect(cacheKey(keyFieldsOf(new Request(`https://site.example/information-service/loan${search}`)))).toBeNull();
  });
});

describe("kept answers (docs/decisions/0045): rendered from the query alone, kept per normalised query", () => {
  const key = (url: string, init?: RequestInit, publicOrigin?: string) => answerKey(keyFieldsOf(new Request(url, init)), publicOrigin);
  const calc = "https://site.example/our-products/repayment-calculator";

  it("keys on every parameter in one order, the language and the site", () => {
    expect(key(`${calc}?months=12&amount=5000000&rate=15&method=annuity`)).toBe(
      `answer en https://site.example/our-products/repayment-calculator?amount=5000000&method=annuity&months=12&rate=15`,
    );
    expect(key(`${calc}?amount=5000000&months=12&rate=15&method=annuity`)).toBe(
      key(`${calc}?months=12&method=annuity&rate=15&amount=5000000`),
    );
    expect(key(`${calc}?amount=5000000&lang=vi`)).not.toBe(key(`${calc}?amount=5000000`));
    expect(key(`${calc}?amount=5000000`, { headers: { cookie: "lang=mn" } })).toContain("answer mn ");
    expect(key(`${calc}?amount=5000001`)).not.toBe(key(`${calc}?amount=5000000`));
    expect(key(`https://evil.example/our-products/repayment-calculator?amount=1`, undefined, "https://loans.example.com")).toBe(
      "answer en https://loans.example.com/our-products/repayment-calculator?amount=1",
    );
  });

  it.each([
    ["a post", `${calc}?amount=1`, { method: "POST", body: "x" }],
    ["a request with a session (an operator's preview)", `${calc}?amount=1`, { headers: { cookie: "admin_session=abc" } }],
    ["a client navigation's data request", "https://site.example/our-products/repayment-calculator.data?amount=1", undefined],
    ["the console", "https://site.example/admin/leads?amount=1", undefined],
    ["the API", "https://site.example/svc/x?amount=1", undefined],
    ["a page without a query (the page cache's)", calc, undefined],
    ["a query longer than any answer's", `${calc}?amount=${"1".repeat(ANSWER_QUERY_MAX)}`, undefined],
  ])("keeps nothing for %s", (_name, url, init) => {
    expect(key(url, init as RequestInit | undefined)).toBeNull();
  });

  it("keeps only a 200 HTML answer its route marked, without a cookie", () => {
    const html = { "content-type": "text/html; charset=utf-8" };
    expect(keptAnswerAge(new Response("x", { headers: { ...html, ...keptAnswer(300) } }))).toBe(300);
    expect(keptAnswerAge(new Response("x", { headers: { ...html, "cache-control": "private, no-store" } }))).toBe(0);
    expect(keptAnswerAge(new Response("x", { status: 500, headers: { ...html, ...keptAnswer(300) } }))).toBe(0);
    expect(keptAnswerAge(new Response("x", { headers: { ...html, ...keptAnswer(300), "set-cookie": "a=b" } }))).toBe(0);
    expect(keptAnswerAge(new Response("{}", { headers: { "content-type": "application/json", ...keptAnswer(300) } }))).toBe(0);
    // The browser is still told to keep nothing.
    expect(keptAnswer(300)["Cache-Control"]).toBe("private, no-store");
  });

  it("is not kept past midnight in Korea (the answers read today's date there)", () => {
    // 2026-11-28 14:59:59 UTC is 23:59:59 in Seoul; 15:00 UTC is midnight.
    expect(new Date(nextSeoulMidnight(Date.parse("2026-11-28T14:59:59Z"))).toISOString()).toBe("2026-11-28T15:00:00.000Z");
    expect(new Date(nextSeoulMidnight(Date.parse("2026-11-28T15:00:00Z"))).toISOString()).toBe("2026-11-29T15:00:00.000Z");
    expect(new Date(nextSeoulMidnight(Date.parse("2026-11-28T02:00:00Z"))).toISOString()).toBe("2026-11-28T15:00:00.000Z");
  });

  it("compresses a kept answer at the per-request levels, its bytes the same", async () => {
    const body = `<html><body>${"<p>schedule row</p>".repeat(500)}<script>x()</script></body></html>`;
    const page = await cachedPage({ status: 200, headers: [], body, nonce: "", expires: 0, compression: "dynamic" });
    expect(brotliDecompressSync(page.body.br).toString()).toBe(body);
    expect(gunzipSync(page.body.gzip).toString()).toBe(body);
  });
});
