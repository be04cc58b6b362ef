import { describe, expect, it } from "vitest";
import { clearSessionCookie, safeNext, sessionCookie } from "#app/features/admin/session.server.ts";

describe("console cookie and redirects", () => {
  it("is HttpOnly, SameSite=Lax, scoped to /admin, Secure only behind HTTPS", () => {
    const plain = sessionCookie("abc", false);
    expect(plain).toMatch(/^admin_session=abc; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(sessionCookie("abc", true)).toMatch(/; Secure$/);
    expect(clearSessionCookie(false)).toMatch(/^admin_session=; Path=\/; Max-Age=0;/);
  });

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
