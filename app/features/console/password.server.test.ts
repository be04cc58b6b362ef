import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "#app/features/console/password.server.ts";

const fast = { N: 1024, r: 8, p: 1 };

describe("operator passwords (scrypt)", () => {
  it("stores the parameters, a random salt and the key, never the password", async () => {
    const hash = await hashPassword("correct horse battery", fast);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]{20,}\$[A-Za-z0-9+/=]{40,}$/);
    expect(hash).not.toContain("correct");
    const again = await hashPassword("correct horse battery", fast);
    expect(again).not.toBe(hash);
  });

  it("accepts the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct horse battery", fast);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("uses the default (stronger) parameters when none are given", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash.startsWith("scrypt$32768$8$1$")).toBe(true);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
  });

  it("refuses malformed, tampered or abusive hashes", async () => {
    const hash = await hashPassword("correct horse battery", fast);
    const parts = hash.split("$");
    const tamperedKey = [...parts.slice(0, 5), Buffer.from("x".repeat(32)).toString("base64")].join("$");
    expect(await verifyPassword("correct horse battery", tamperedKey)).toBe(false);
    expect(await verifyPassword("correct horse battery", "plain-text")).toBe(false);
    expect(await verifyPassword("correct horse battery", ["scrypt", String(2 ** 24), ...parts.slice(2)].join("$"))).toBe(false);
    expect(await verifyPassword("correct horse battery", ["scrypt", "1000", ...parts.slice(2)].join("$"))).toBe(false);
  });

  it("refuses passwords that are too short or absurdly long", () => {
    expect(passwordProblem("short")).toBe("too_short");
    expect(passwordProblem("x".repeat(2000))).toBe("too_long");
    expect(passwordProblem("twelve chars")).toBeNull();
  });
});
