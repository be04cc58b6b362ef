import { describe, expect, it } from "vitest";
import { DEFAULT_MODULES, readModules } from "#app/business/modules.ts";

describe("lines of business as modules (issue 47, item 4)", () => {
  it("are all on in a fresh install", () => {
    expect(readModules(null)).toEqual({ counter: true });
    expect(DEFAULT_MODULES.counter).toBe(true);
  });

  it("take a stored choice and ignore anything malformed", () => {
    expect(readModules('{"counter":false}')).toEqual({ counter: false });
    expect(readModules('{"counter":"no","other":true}')).toEqual({ counter: true });
    expect(readModules("not json")).toEqual({ counter: true });
    expect(readModules("[1]")).toEqual({ counter: true });
  });
});
