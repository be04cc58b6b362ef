import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "#db/unique-violation.ts";

describe("a unique constraint's failure, on either dialect", () => {
  it("is told apart from any other error", () => {
    expect(isUniqueViolation({ code: "ERR_SQLITE_ERROR", errcode: 2067 })).toBe(true);
    expect(isUniqueViolation({ code: "ERR_SQLITE_ERROR", errcode: 1555 })).toBe(true);
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation({ code: "ERR_SQLITE_ERROR", errcode: 5 })).toBe(false);
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isUniqueViolation(new Error("x"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
