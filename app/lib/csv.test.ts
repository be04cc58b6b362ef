import { describe, expect, it } from "vitest";
import { BOM, csvCell, toCsv } from "#app/lib/csv.ts";

describe("CSV (RFC 4180, Excel-safe)", () => {
  it("starts with a UTF-8 byte-order mark and ends every record with CRLF", () => {
    const csv = toCsv(["a", "b"], [["1", "2"]]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csv.slice(1)).toBe("a,b\r\n1,2\r\n");
  });

  it("quotes fields with commas, quotes or line breaks and doubles the quotes", () => {
    expect(csvCell('say "hi", please')).toBe('"say ""hi"", please"');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it.each(['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])("neutralises a formula: %j", (value) => {
    const cell = csvCell(value);
    expect(cell.replace(/^"/, "").startsWith("'")).toBe(true);
  });

  it("keeps Korean, Burmese and Mongolian text as UTF-8", () => {
    const csv = toCsv(["이름"], [["응우옌"], ["မောင်မောင်"], ["Батболд"]]);
    const bytes = new TextEncoder().encode(csv);
    expect(new TextDecoder("utf-8").decode(bytes)).toContain("မောင်မောင်");
    expect(csv).toContain("Батболд\r\n");
  });
});
