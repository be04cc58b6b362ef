import { describe, expect, it } from "vitest";
import { hasControlCharacter, requiredText, v, validate } from "#app/lib/schema.ts";

describe("requiredText", () => {
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
