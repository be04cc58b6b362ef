import { besideSection } from "#app/features/legal/documents.server.ts";
import { describe, expect, it } from "vitest";
import { applyConditions, escapeHtml, renderInline, renderMarkdown, unfilledNames } from "#app/features/legal/markdown.server.ts";

describe("renderInline", () => {
  it("escapes every HTML-significant character", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
    expect(renderInline("<script>alert(1)</script>")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("makes **bold** spans, several per line", () => {
    expect(renderInline("**Purpose**: to answer; **Items**: name")).toBe(
      "<strong>Purpose</strong>: to answer; <strong>Items</strong>: name",
    );
  });

  it("keeps an unpaired ** as text", () => {
    expect(renderInline("a **b** c **d")).toBe("a <strong>b</strong> c **d");
    expect(renderInline("5 ** 2")).toBe("5 ** 2");
  });

  it("escapes inside bold", () => {
    expect(renderInline("**<i>x</i>**")).toBe("<strong>&lt;i&gt;x&lt;/i&gt;</strong>");
  });

  it("substitutes known placeholders with escaped values and leaves unknown ones", () => {
    const vars = { phone: "1588-0000", businessName: `A & B <Co> "K"` };
    expect(renderInline("Call {phone}, {businessName}, {unknown}", vars)).toBe(
      "Call 1588-0000, A &amp; B &lt;Co&gt; &quot;K&quot;, {unknown}",
    );
  });

  it("does not let a substituted value open markup or bold", () => {
    expect(renderInline("{x}", { x: "**not bold** <b>" })).toBe("**not bold** &lt;b&gt;");
  });

  it("does not read inherited object properties as placeholders", () => {
    expect(renderInline("{constructor} {toString}")).toBe("{constructor} {toString}");
  });
});

describe("renderMarkdown", () => {
  it("renders headings one level below the modal title", () => {
    expect(renderMarkdown("## 1. Purpose\n\n### Sign-up")).toBe("<h3>1. Purpose</h3>\n<h4>Sign-up</h4>");
  });

  it("joins the lines of a paragraph and separates paragraphs at blank lines", () => {
    expect(renderMarkdown("one\ntwo\n\nthree")).toBe("<p>one two</p>\n<p>three</p>");
  });

  it("renders bullets and numbered lists, with start when numbering does not begin at 1", () => {
    expect(renderMarkdown("- a\n- **b**: c")).toBe("<ul><li>a</li><li><strong>b</strong>: c</li></ul>");
    expect(renderMarkdown("1. a\n2. b")).toBe("<ol><li>a</li><li>b</li></ol>");
    expect(renderMarkdown("3. c\n4. d")).toBe('<ol start="3"><li>c</li><li>d</li></ol>');
  });

  it("ends a list at a paragraph, a heading or a list of the other kind", () => {
    expect(renderMarkdown("- a\ntext\n## H\n1. x\n- y")).toBe(
      "<ul><li>a</li></ul>\n<p>text</p>\n<h3>H</h3>\n<ol><li>x</li></ol>\n<ul><li>y</li></ul>",
    );
  });

  it("treats syntax outside the subset as text", () => {
    expect(renderMarkdown("# Title\n\n#### Deep\n\n> quote [link](javascript:alert(1)) *em*")).toBe(
      "<p># Title</p>\n<p>#### Deep</p>\n<p>&gt; quote [link](javascript:alert(1)) *em*</p>",
    );
  });

  it("accepts Windows line endings and surrounding whitespace", () => {
    expect(renderMarkdown("\r\n## A\r\n\r\n  text  \r\n")).toBe("<h3>A</h3>\n<p>text</p>");
  });

  it("substitutes placeholders in every kind of block", () => {
    const html = renderMarkdown("## {brandName}\n\n{email}\n\n- {phone}\n1. {address}", {
      brandName: "K",
      email: "e@example.com",
      phone: "1",
      address: "Seoul",
    });
    expect(html).toBe("<h3>K</h3>\n<p>e@example.com</p>\n<ul><li>1</li></ul>\n<ol><li>Seoul</li></ol>");
  });
});

describe("conditions {?flag}…{/flag} and {!flag}…{/flag}", () => {
  it("keeps a block when its flag is set and drops it whole when not, inside a line too", () => {
    expect(renderMarkdown("a {?x}b {/x}c", {}, { x: true })).toBe("<p>a b c</p>");
    expect(renderMarkdown("a {?x}b {/x}c", {}, { x: false })).toBe("<p>a c</p>");
    expect(renderMarkdown("a {!x}none{/x}", {}, { x: false })).toBe("<p>a none</p>");
    expect(renderMarkdown("a {!x}none{/x}", {}, { x: true })).toBe("<p>a</p>");
  });

  it("wraps whole sections, and a marker alone on its line leaves a list whole", () => {
    const source = "## A\n\n- one\n{?counter}\n- two\n{/counter}\n- three\n\n{?counter}\n## B\n\nbody\n{/counter}\n\n## C";
    expect(renderMarkdown(source, {}, { counter: true })).toBe(
      "<h3>A</h3>\n<ul><li>one</li><li>two</li><li>three</li></ul>\n<h3>B</h3>\n<p>body</p>\n<h3>C</h3>",
    );
    expect(renderMarkdown(source, {}, { counter: false })).toBe("<h3>A</h3>\n<ul><li>one</li><li>three</li></ul>\n<h3>C</h3>");
  });

  it("nests conditions on different flags and fills placeholders inside kept blocks", () => {
    const source = "{?products}Rates {rateMin}{?counter} and counters{/counter}.{/products}{!products}No product.{/products}";
    expect(renderMarkdown(source, { rateMin: "9.9%" }, { products: true, counter: false })).toBe("<p>Rates 9.9%.</p>");
    expect(renderMarkdown(source, { rateMin: "9.9%" }, { products: true, counter: true })).toBe("<p>Rates 9.9% and counters.</p>");
    expect(renderMarkdown(source, {}, { products: false, counter: true })).toBe("<p>No product.</p>");
  });

  it("leaves a condition on an unknown flag, or without its end, visible as written", () => {
    expect(applyConditions("{?nope}x{/nope}", { counter: true })).toBe("{?nope}x{/nope}");
    expect(renderMarkdown("{?counter}x", {}, { counter: true })).toBe("<p>{?counter}x</p>");
  });

  it("does not let a substituted value open a condition", () => {
    expect(renderMarkdown("{v}", { v: "{?x}secret{/x}" }, { x: false })).toBe("<p>{?x}secret{/x}</p>");
  });

  it("names what would show unfilled: placeholders in kept blocks, unknown flags, unended markers", () => {
    const vars = { phone: "1" };
    expect(unfilledNames("{phone} {?products}{rateMin}{/products}", vars, { products: false })).toEqual([]);
    expect(unfilledNames("{phone} {?products}{rateMin}{/products}", vars, { products: true })).toEqual(["rateMin"]);
    expect(unfilledNames("{?fax}x{/fax} {?counter}y", vars, { counter: true })).toEqual(["?fax", "/fax", "?counter"]);
  });
});

describe("besideSection", () => {
  it("puts the extra markup at the end of section 2, before the heading of section 3, else at the end", () => {
    const html = '<h3>1. A</h3><p>a</p><h3>2. B</h3><p>b</p><h3 id="x"> 3. C</h3><p>c</p><h3>13. D</h3>';
    expect(besideSection(html, "<div>items</div>", 2)).toBe(
      '<h3>1. A</h3><p>a</p><h3>2. B</h3><p>b</p><div>items</div><h3 id="x"> 3. C</h3><p>c</p><h3>13. D</h3>',
    );
    expect(besideSection("<h3>1. A</h3><h3>2. B</h3>", "<div>items</div>", 2)).toBe("<h3>1. A</h3><h3>2. B</h3><div>items</div>");
  });
});
