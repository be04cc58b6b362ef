import { describe, expect, it } from "vitest";
import { cleanText, hasControlCharacter, hasLetterOrDigit, requiredText, v, validate } from "#app/lib/schema.ts";

const field = v.object({ name: requiredText("errors.name", 10, "errors.tooLong") });
const check = (name: string) => validate(field, { name });

describe("requiredText", () => {
  it.each([
    ["zero-width spaces", "\u200b\u200b"],
    ["a right-to-left override", "\u202e"],
    ["no-break and ideographic spaces", "\u00a0\u3000\u202f"],
    ["direction marks and isolates", "\u200e\u200f\u2066\u2069"],
    ["joiners, a word joiner and a byte-order mark", "\u200c\u200d\u2060\ufeff"],
    ["a soft hyphen and a Mongolian vowel separator", "\u00ad\u180e"],
    ["Hangul fillers (letters that show nothing)", "\u3164\u115f\uffa0"],
    ["line and paragraph separators, tabs and newlines", "\u2028\u2029\t\n "],
    ["punctuation only", " .-,!? "],
    ["nothing", ""],
  ])("refuses %s with the field's required message", (_, name) => {
    expect(check(name)).toEqual({ success: false, errors: { name: "errors.name" } });
  });

  it("stores the NFC-normalised text without invisible characters at either end", () => {
    const decomposed = "\u200b\u00a0Nguye\u0302\u0303n\u202e\u3000";
    expect(check(decomposed)).toEqual({ success: true, output: { name: "Nguy\u1ec5n" } });
  });

  it("keeps invisible characters inside the text (a joiner some scripts need), letters and digits of any script", () => {
    expect(check("\u200bمی\u200cخواهم ")).toEqual({ success: true, output: { name: "می\u200cخواهم" } });
    for (const name of ["Батболд", "김민수", "ဦးအောင်", "١٢٣", "A"]) expect(check(name)).toEqual({ success: true, output: { name } });
  });

  it("measures the length after cleaning", () => {
    expect(check(`\u200b${"a".repeat(10)}\u200b `)).toEqual({ success: true, output: { name: "a".repeat(10) } });
    expect(check("a".repeat(11))).toEqual({ success: false, errors: { name: "errors.tooLong" } });
  });

  it("refuses what is not a string with the required message", () => {
    expect(validate(field, { name: 42 })).toEqual({ success: false, errors: { name: "errors.name" } });
  });
});

describe("cleanText and hasLetterOrDigit", () => {
  it("cleans and tells apart", () => {
    expect(cleanText("\ufeff e\u0301 \u200f")).toBe("\u00e9");
    expect(hasLetterOrDigit("\u3164")).toBe(false);
    expect(hasLetterOrDigit("\u3164a")).toBe(true);
    expect(hasLetterOrDigit("7")).toBe(true);
  });
});

describe("requiredText and control characters", () => {
  const schema = v.object({ name: requiredText("common.errors.required", 20) });

  it("refuses NUL and the other control characters with the catalog message", () => {
    for (const name of ["Nguyen\u0000", "a\u0001b", "tab\u000Bvertical", "esc\u001B[31m", "del\u007F"]) {
      expect(validate(schema, { name })).toEqual({ success: false, errors: { name: "common.errors.controlCharacters" } });
    }
  });

  it("keeps what a text area sends: tabs and line breaks, and any script", () => {
    expect(validate(schema, { name: " line\r\nnext\tcol " })).toEqual({ success: true, output: { name: "line\r\nnext\tcol" } });
    expect(validate(schema, { name: "မောင်မောင် Батболд" })).toMatchObject({ success: true });
  });

  it("still says required and too long first", () => {
    expect(validate(schema, { name: "  " })).toEqual({ success: false, errors: { name: "common.errors.required" } });
    expect(validate(schema, { name: "x".repeat(21) })).toEqual({ success: false, errors: { name: "common.errors.tooLong" } });
  });
});

describe("hasControlCharacter", () => {
  it("finds C0 controls and DEL, but not tab, line feed or carriage return", () => {
    expect(hasControlCharacter("a@b.example\u0000")).toBe(true);
    expect(hasControlCharacter("\u007F")).toBe(true);
    expect(hasControlCharacter("a\tb\nc\rd")).toBe(false);
  });
});
