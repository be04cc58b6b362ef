import { describe, expect, it } from "vitest";
import { isSealed, seal, unseal } from "#app/lib/sealed.server.ts";

const SECRET = "a".repeat(64);
const TOTP = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("secrets sealed at rest (AES-256-GCM under a key derived from APP_SECRET)", () => {
  it("opens what it sealed, and the stored form carries none of the clear value", () => {
    const sealed = seal(SECRET, "totp", TOTP);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(TOTP);
    expect(unseal(SECRET, "totp", sealed)).toBe(TOTP);
  });

  it("seals the same value differently each time (a random IV)", () => {
    expect(seal(SECRET, "totp", TOTP)).not.toBe(seal(SECRET, "totp", TOTP));
  });

  it("starts with version 1 after its prefix", () => {
    const bytes = Buffer.from(seal(SECRET, "totp", TOTP).slice("sealed:".length), "base64url");
    expect(bytes[0]).toBe(1);
  });

  it.each([
    ["another APP_SECRET", (s: string) => unseal("b".repeat(64), "totp", s)],
    ["another purpose", (s: string) => unseal(SECRET, "vapid", s)],
    ["one bit changed", (s: string) => unseal(SECRET, "totp", s.slice(0, -3) + (s.at(-3) === "A" ? "B" : "A") + s.slice(-2))],
    [
      "another version byte",
      (s: string) => {
        const bytes = Buffer.from(s.slice(7), "base64url");
        bytes[0] = 2;
        return unseal(SECRET, "totp", "sealed:" + bytes.toString("base64url"));
      },
    ],
    ["a clear value", () => unseal(SECRET, "totp", TOTP)],
    ["a truncated value", () => unseal(SECRET, "totp", "sealed:AQ")],
  ])("opens nothing with %s", (_name, open) => {
    expect(open(seal(SECRET, "totp", TOTP))).toBeNull();
  });
});
