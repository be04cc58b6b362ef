import { describe, expect, it } from "vitest";
import { lenderList } from "#app/loans/lenders.ts";

describe("the lenders named before a request (금융소비자보호법 제26조①1)", () => {
  it("join as running text, with the Burmese list separator in Burmese", () => {
    expect(lenderList(["A", "B", "C"], "ko")).toBe("A, B, C");
    expect(lenderList(["A", "B"], "en")).toBe("A, B");
    expect(lenderList(["A", "B"], "my")).toBe("A၊ B");
    expect(lenderList([], "en")).toBe("");
  });
});
