import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { HEADER_VALUE_MAX_LENGTH, headerValue } from "#app/lib/header-value.server.ts";
import { hostileText } from "#tests/support/hostile-values.ts";

const hostile = hostileText;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function recorder() {
  const lines: { event: string; fields?: Record<string, unknown> }[] = [];
  return { lines, log: { warn: (event: string, fields?: Record<string, unknown>) => lines.push({ event, fields }) } };
}

describe("headerValue: what a client sent, on its way into a header", () => {
  it("answers printable ASCII a Headers object takes, for every kind, whatever it is given", () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom("path", "url", "attachment", "cookie" as const), (value, kind) => {
        const out = headerValue(kind, value, { fallback: kind === "url" ? "/" : "/admin", within: "/admin" });
        expect(out).toMatch(PRINTABLE_ASCII);
        expect(() => new Headers({ x: out })).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a path inside its prefix and on this site, whatever it is given", () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const out = headerValue("path", value, { fallback: "/admin", within: "/admin" });
        expect(out).toMatch(/^\/admin(?:[/?#]|$)/);
        expect(new URL(out, "https://site.example").origin).toBe("https://site.example");
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["/admin/requests/as/3?x=1", "/admin/requests/as/3?x=1"],
    ["/admin", "/admin"],
    ["/admin?q=é", "/admin?q=%C3%A9"],
    ["/admin/한국", "/admin/%ED%95%9C%EA%B5%AD"],
    ["/admin/a\r\nSet-Cookie: x=1", "/admin/aSet-Cookie:%20x=1"],
    ["/admin/%25C3%25A9", "/admin/%25C3%25A9"],
    ["/admin/\u0000x", "/admin/x"],
  ])("keeps %j as %j", (input, expected) => {
    expect(headerValue("path", input, { fallback: "/admin", within: "/admin" })).toBe(expected);
  });

  it.each([
    ["another host", "//evil.example.com/admin", "other_site"],
    ["an absolute URL", "https://evil.example.com/admin", "other_site"],
    ["a backslash", "/\\evil.example.com", "other_site"],
    ["a tab that would make //", "/\t/evil.example.com", "other_site"],
    ["dot segments to //", "/admin/..//evil", "other_site"],
    ["dot segments out of the prefix", "/admin/../evil", "outside"],
    ["a look-alike prefix", "/adminx", "outside"],
    ["a lone surrogate", "/admin/\ud800", "not_unicode"],
    ["a very long value", "/admin/" + "a".repeat(HEADER_VALUE_MAX_LENGTH), "too_long"],
    ["a number", 42, "type"],
  ])("refuses %s with the default and one JSON line without the value", (_name, input, reason) => {
    const { lines, log } = recorder();
    expect(headerValue("path", input, { fallback: "/admin", within: "/admin", log })).toBe("/admin");
    expect(lines).toEqual([
      { event: "header.refused", fields: { kind: "path", reason, length: typeof input === "string" ? input.length : 0 } },
    ]);
  });

  it("takes the default for an absent value without a log line", () => {
    const { lines, log } = recorder();
    for (const absent of [null, undefined, ""]) expect(headerValue("path", absent, { fallback: "/admin", log })).toBe("/admin");
    expect(lines).toEqual([]);
  });

  it("encodes an http(s) URL's host and path, and refuses any other scheme", () => {
    expect(headerValue("url", "https://bank.example.kr/대출?a=é", { fallback: "/" })).toBe(
      "https://bank.example.kr/%EB%8C%80%EC%B6%9C?a=%C3%A9",
    );
    expect(headerValue("url", "https://은행.kr/", { fallback: "/" })).toMatch(/^https:\/\/xn--[a-z0-9]+\.kr\/$/);
    expect(headerValue("url", "javascript:alert(1)", { fallback: "/" })).toBe("/");
  });

  it("answers a Content-Disposition with an ASCII file name and the UTF-8 one beside it", () => {
    expect(headerValue("attachment", "consultation_2026-11-01.csv", { fallback: "export.csv" })).toBe(
      'attachment; filename="consultation_2026-11-01.csv"',
    );
    expect(headerValue("attachment", 'a"b\r\n/상담.csv', { fallback: "export.csv" })).toBe(
      "attachment; filename=\"a_b___.csv\"; filename*=UTF-8''a_b_%EC%83%81%EB%8B%B4.csv",
    );
    expect(headerValue("attachment", "\r\n", { fallback: "export.csv" })).toBe('attachment; filename="export.csv"');
  });

  it("encodes a cookie's value to cookie octets", () => {
    expect(headerValue("cookie", "vi", { fallback: "en" })).toBe("vi");
    expect(headerValue("cookie", "a; b=é\r\n", { fallback: "en" })).toBe("a%3B%20b%3D%C3%A9");
  });
});
