import { describe, expect, it } from "vitest";
import { FLASH_COOKIE } from "#app/lib/cookie-names.ts";
import { clearFlash, hasFlash, readFlash, writeFlash } from "#app/lib/flash.server.ts";

const SECRET = "test-secret-test-secret-test-secret-0000";
const withCookie = (setCookie: string) =>
  new Request("http://localhost/loan-consultation-complete", { headers: { cookie: setCookie.split(";")[0]! } });
const attributes = (setCookie: string) => setCookie.split("; ").slice(1).sort();

describe("the completion flash cookie", () => {
  it("is HttpOnly, SameSite=Lax, ~5 minutes, scoped to the completion page, Secure behind HTTPS", async () => {
    const cookie = await writeFlash(SECRET, { maskedPhone: "010****5678" }, false);
    expect(cookie).toMatch(new RegExp(`^${FLASH_COOKIE}=`));
    expect(attributes(cookie)).toEqual(["HttpOnly", "Max-Age=300", "Path=/loan-consultation-complete", "SameSite=Lax"]);
    expect(attributes(await writeFlash(SECRET, { maskedPhone: "x" }, true))).toContain("Secure");
  });

  it("round-trips the masked phone", async () => {
    expect(await readFlash(withCookie(await writeFlash(SECRET, { maskedPhone: "010****5678" }, false)), SECRET)).toEqual({
      maskedPhone: "010****5678",
    });
  });

  it("carries the private status link, also alone, to the completion page it is scoped to (issue 28)", async () => {
    const statusPath = "/status/abc?lang=vi";
    const cookie = await writeFlash(SECRET, { statusPath }, false, Date.now(), "/company/hitachi/complete");
    expect(attributes(cookie)).toContain("Path=/company/hitachi/complete");
    expect(await readFlash(withCookie(cookie), SECRET)).toEqual({ statusPath });
  });

  it("is refused when expired", async () => {
    const cookie = await writeFlash(SECRET, { maskedPhone: "010****5678" }, false, Date.now() - 301_000);
    expect(await readFlash(withCookie(cookie), SECRET)).toBeNull();
  });

  it("is refused when signed with another secret or tampered with", async () => {
    const cookie = await writeFlash(SECRET, { maskedPhone: "010****5678" }, false);
    expect(await readFlash(withCookie(cookie), "another-secret-another-secret-000000")).toBeNull();
    const [name, value] = cookie.split(";")[0]!.split("=");
    const [payload, signature] = decodeURIComponent(value!).split(".");
    const forged = btoa(JSON.stringify({ p: "999****9999", e: Date.now() + 60_000 }));
    const read = (raw: string) =>
      readFlash(new Request("http://x/", { headers: { cookie: `${name}=${encodeURIComponent(raw)}` } }), SECRET);
    expect(await read(`${forged}.${signature}`)).toBeNull();
    expect(await read(payload!)).toBeNull();
    expect(await read("garbage.garbage.garbage")).toBeNull();
  });

  it("ignores a cookie of the earlier format (payload.HMAC in base64url), and still clears it", async () => {
    const old = new Request("http://x/", {
      headers: { cookie: `${FLASH_COOKIE}=eyJwIjoiMDEwKioqKjAwMDAiLCJlIjo5OTk5OTk5OTk5OTk5fQ.AAAA` },
    });
    expect(await readFlash(old, SECRET)).toBeNull();
    expect(await hasFlash(old)).toBe(true);
  });

  it("clearing expires it on the same path", async () => {
    const cleared = await clearFlash(SECRET, false);
    expect(cleared).toMatch(new RegExp(`^${FLASH_COOKIE}=;`));
    expect(attributes(cleared)).toEqual(["HttpOnly", "Max-Age=0", "Path=/loan-consultation-complete", "SameSite=Lax"]);
  });
});
