import { describe, expect, it } from "vitest";
import { decodeHtml, parseOpenGraph } from "#app/features/blog-links/og-parse.server.ts";

const PAGE_URL = "https://x.example/p";
const parse = (html: string) => parseOpenGraph(html, PAGE_URL);

describe("parseOpenGraph", () => {
  it("falls back to twitter:title, then <title>", () => {
    expect(parse(`<meta name="twitter:title" content="T">`).title).toBe("T");
    expect(parse(`<title>  A &lt;b&gt;  title </title>`).title).toBe("A <b> title");
    expect(parse(`<p>nothing</p>`)).toEqual({ title: null, image: null });
  });

  it("keeps only http(s) images", () => {
    expect(parse(`<meta property="og:image" content="javascript:alert(1)">`).image).toBeNull();
    expect(parse(`<meta property="og:image" content="//cdn.example.com/a.jpg">`).image).toBe("https://cdn.example.com/a.jpg");
  });

  it("reads a quoted content that holds `>` whole (in either quotes, in any attribute order)", () => {
    expect(parse(`<meta property="og:title" content="Rates > 5% — what now?">`).title).toBe("Rates > 5% — what now?");
    expect(parse(`<meta content='a > b > c' property='og:title'>`).title).toBe("a > b > c");
    expect(parse(`<meta property="og:image" content="/img?w=1>0&amp;h=2"><meta property="og:title" content="after">`)).toEqual({
      title: "after",
      image: "https://x.example/img?w=1%3E0&h=2",
    });
  });

  it("decodes named and numeric entities in titles (&hellip; &rsquo; &#8217; &#x1F600;)", () => {
    expect(parse(`<meta property="og:title" content="Visa&hellip; it&rsquo;s here">`).title).toBe("Visa… it’s here");
    expect(parse(`<title>It&#8217;s &#x1F600; &amp; more&hellip;</title>`).title).toBe("It’s 😀 & more…");
    expect(parse(`<meta name="twitter:title" content="&#39;quoted&#39; &ndash; &nbsp;x">`).title).toBe("'quoted' – x");
  });

  it("leaves unknown entities as written, and an invalid numeric one as the replacement character", () => {
    expect(parse(`<title>&unknown; &#0;</title>`).title).toBe("&unknown; \uFFFD");
  });

  it("takes the first <title> only, and markup inside it as text", () => {
    expect(parse(`<title>One <b>bold</b></title><svg><title>Two</title></svg>`).title).toBe("One <b>bold</b>");
  });

  it("takes the first value of each key, keys in any case", () => {
    expect(parse(`<META PROPERTY="OG:TITLE" CONTENT="first"><meta property="og:title" content="second">`).title).toBe("first");
  });
});

describe("decodeHtml", () => {
  it("uses the charset of the header, else of a <meta>, else UTF-8", () => {
    const euckr = Buffer.from([0xbe, 0xc8, 0xb3, 0xe7]);
    expect(decodeHtml(euckr, "text/html; charset=euc-kr")).toBe("안녕");
    expect(decodeHtml(Buffer.concat([Buffer.from(`<meta charset="euc-kr">`), euckr]))).toBe(`<meta charset="euc-kr">안녕`);
    expect(decodeHtml(Buffer.from("안녕"), "text/html; charset=no-such-charset")).toBe("안녕");
  });
});
