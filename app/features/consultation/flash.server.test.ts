import { describe, expect, it } from "vitest";
import { FLASH_COOKIE, clearFlashCookie, flashCookie, readFlash } from "#app/features/consultation/flash.server.ts";

const SECRET = "test-secret-test-secret-test-secret-0000";
const withCookie = (setCookie: string) => new Request("http://localhost/loan-consultation-complete", { headers: { cookie: setCookie.split(";")[0]! } });

describe("the completion flash cookie", () => {
  it("is HttpOnly, SameSite=Lax, ~5 minutes, scoped to the completion page, Secure behind HTTPS", () => {
    const cookie = flashCookie(SECRET, "010****5678", false);
    expect(cookie).toMatch(new RegExp(`^${FLASH_COOKIE}=`));
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Max-Age=300");
    expect(cookie).toContain("Path=/loan-consultation-complete");
    expect(cookie).not.toContain("Secure");
    expect(flashCookie(SECRET, "x", true)).toContain("; Secure");
  });

  it("round-trips the masked phone", () => {
    expect(readFlash(withCookie(flashCookie(SECRET, "010****5678", false)), SECRET)).toBe("010****5678");
  });

  it("is refused when expired", () => {
    const cookie = flashCookie(SECRET, "010****5678", false, Date.now() - 301_000);
    expect(readFlash(withCookie(cookie), SECRET)).toBeNull();
  });

  it("is refused when signed with another secret or tampered with", () => {
    const cookie = flashCookie(SECRET, "010****5678", false);
    expect(readFlash(withCookie(cookie), "another-secret-another-secret-000000")).toBeNull();
    const [name, value] = cookie.split(";")[0]!.split("=");
    const [payload, signature] = value!.split(".");
    const forged = Buffer.from(JSON.stringify({ p: "999****9999", e: Date.now() + 60_000 })).toString("base64url");
    expect(readFlash(new Request("http://x/", { headers: { cookie: `${name}=${forged}.${signature}` } }), SECRET)).toBeNull();
    expect(readFlash(new Request("http://x/", { headers: { cookie: `${name}=${payload}` } }), SECRET)).toBeNull();
    expect(readFlash(new Request("http://x/", { headers: { cookie: `${name}=garbage.garbage.garbage` } }), SECRET)).toBeNull();
  });

  it("clearing expires it on the same path", () => {
    expect(clearFlashCookie(false)).toBe(`${FLASH_COOKIE}=; Path=/loan-consultation-complete; Max-Age=0; HttpOnly; SameSite=Lax`);
  });
});
