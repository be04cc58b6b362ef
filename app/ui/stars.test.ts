import { describe, expect, it } from "vitest";
import { starParts } from "#app/ui/stars.ts";

describe("starParts (integer part full, half star from .5)", () => {
  it.each([
    [5, { full: 5, half: 0, empty: 0 }],
    [4.5, { full: 4, half: 1, empty: 0 }],
    [4.49, { full: 4, half: 0, empty: 1 }],
    [4.99, { full: 4, half: 1, empty: 0 }],
    [3.5, { full: 3, half: 1, empty: 1 }],
    [3, { full: 3, half: 0, empty: 2 }],
    [0.5, { full: 0, half: 1, empty: 4 }],
    [0.4, { full: 0, half: 0, empty: 5 }],
    [0, { full: 0, half: 0, empty: 5 }],
  ])("%s → %j", (rating, parts) => {
    expect(starParts(rating)).toEqual(parts);
  });

  it("clamps out-of-range and invalid ratings", () => {
    expect(starParts(7)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starParts(-1)).toEqual({ full: 0, half: 0, empty: 5 });
    expect(starParts(Number.NaN)).toEqual({ full: 0, half: 0, empty: 5 });
  });

  it("works with another maximum", () => {
    expect(starParts(2.5, 3)).toEqual({ full: 2, half: 1, empty: 0 });
  });
});
