import { describe, expect, it } from "vitest";
import { memoByString } from "#app/lib/memo.ts";

describe("memoByString", () => {
  it("works a value out once, and past its size starts over instead of growing", () => {
    const calls: string[] = [];
    const length = memoByString((value) => {
      calls.push(value);
      return value.length;
    }, 2);
    expect([length("ab"), length("ab"), length("abc"), length("ab")]).toEqual([2, 2, 3, 2]);
    expect(calls).toEqual(["ab", "abc"]);
    // A third value: the memory starts over with it; the answers stay right.
    expect([length("abcd"), length("ab"), length("abcd")]).toEqual([4, 2, 4]);
    expect(calls).toEqual(["ab", "abc", "abcd", "ab"]);
  });

  it("remembers an answer that is undefined", () => {
    let calls = 0;
    const none = memoByString(() => (calls++, undefined), 8);
    none("x");
    none("x");
    expect(calls).toBe(1);
  });
});
