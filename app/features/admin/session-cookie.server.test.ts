import { describe, expect, it } from "vitest";
import { clearSessionCookie, sessionCookie } from "#app/features/admin/session-cookie.server.ts";

describe("console session cookie", () => {
  it("is HttpOnly, SameSite=Lax, scoped to /admin, Secure only behind HTTPS", () => {
    const plain = sessionCookie("abc", false);
    expect(plain).toMatch(/^admin_session=abc; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(sessionCookie("abc", true)).toMatch(/; Secure$/);
    expect(clearSessionCookie(false)).toMatch(/^admin_session=; Path=\/; Max-Age=0;/);
  });
});
