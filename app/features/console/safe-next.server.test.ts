import { describe, expect, it } from "vitest";
import { safeNext } from "#app/features/console/safe-next.server.ts";

describe("the console's redirect after sign-in", () => {
  it.each([
    ["/admin/requests/as/3?x=1", "/admin/requests/as/3?x=1"],
    ["/admin", "/admin"],
    ["//evil.example.com/admin", "/admin"],
    ["https://evil.example.com/admin", "/admin"],
    ["/adminx", "/admin"],
    ["/admin/..//evil", "/admin"],
    ["/admin\\evil", "/admin"],
    ["/", "/admin"],
    [null, "/admin"],
  ])("goes back only inside the console: %j → %s", (input, expected) => {
    expect(safeNext(input)).toBe(expected);
  });
});
