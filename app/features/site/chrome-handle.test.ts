import { describe, expect, it } from "vitest";
import { contactWidgetOffset } from "#app/features/site/chrome-handle.ts";

describe("contactWidgetOffset (route handle)", () => {
  it("is undefined (the 28px default) when no route sets it", () => {
    expect(contactWidgetOffset([{ handle: undefined }, { handle: { other: 1 } }])).toBeUndefined();
  });
  it("takes the deepest route's offset", () => {
    expect(contactWidgetOffset([{ handle: { contactWidgetOffset: 40 } }, { handle: { contactWidgetOffset: 96 } }])).toBe(96);
    expect(contactWidgetOffset([{ handle: { contactWidgetOffset: 40 } }, {}])).toBe(40);
  });
  it("ignores values that are not a distance", () => {
    expect(contactWidgetOffset([{ handle: { contactWidgetOffset: -5 } }, { handle: { contactWidgetOffset: "9" } }])).toBeUndefined();
  });
});
