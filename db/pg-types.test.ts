import { describe, expect, it } from "vitest";
import { appTypes, flagFromBool, isoFromTimestamptz, PG_BOOL, PG_TIMESTAMPTZ } from "#db/pg-types.ts";

describe("what the app reads from PostgreSQL (ADR 0024)", () => {
  it("reads a timestamptz as the ISO string the app writes, whatever the session's zone", () => {
    expect(isoFromTimestamptz("2026-11-25 04:33:00+00")).toBe("2026-11-25T04:33:00.000Z");
    expect(isoFromTimestamptz("2026-11-25 13:33:00.12+09")).toBe("2026-11-25T04:33:00.120Z");
    expect(isoFromTimestamptz("2026-11-25 10:03:00.123+05:30")).toBe("2026-11-25T04:33:00.123Z");
    expect(isoFromTimestamptz("infinity")).toBe("infinity");
  });

  it("reads a boolean as 1/0, as SQLite answers a flag", () => {
    expect([flagFromBool("t"), flagFromBool("f")]).toEqual([1, 0]);
  });

  it("leaves every other type to pg's parsers", () => {
    expect(appTypes.getTypeParser(PG_TIMESTAMPTZ, "text")).toBe(isoFromTimestamptz);
    expect(appTypes.getTypeParser(PG_BOOL)).toBe(flagFromBool);
    expect(appTypes.getTypeParser(23, "text")("42")).toBe(42);
    expect(appTypes.getTypeParser(20, "text")("42")).toBe("42");
  });
});
