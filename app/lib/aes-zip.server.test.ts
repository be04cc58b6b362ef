import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { aesZip, downloadPassword, openAesZip } from "#app/lib/aes-zip.server.ts";

/** 7-Zip (Debian's `7zip`, installed by .ci/run): the office's tool, not our code. */
const sevenZip = ["/usr/bin/7zz", "/usr/bin/7z"].find((p) => existsSync(p));
const dir = mkdtempSync(join(tmpdir(), "aes-zip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("AES-256 ZIP (WinZip AE-2)", () => {
  it("opens with its password and refuses a wrong one or a changed byte", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), fc.string({ minLength: 1, maxLength: 40 }), (text, password) => {
        const zip = aesZip([{ name: "rows.csv", data: text }], password);
        expect(Buffer.from(openAesZip(zip, password)[0]!.data).toString("utf8")).toBe(text);
        expect(() => openAesZip(zip, `${password}x`)).toThrow();
        const changed = Buffer.from(zip);
        changed[70] = changed[70]! ^ 1; // inside the encrypted data
        expect(() => openAesZip(changed, password)).toThrow();
      }),
      { numRuns: 25 },
    );
  });

  it("holds nothing of the text in clear", () => {
    const zip = aesZip([{ name: "a.csv", data: "홍길동,010-1234-5678\r\n".repeat(50) }], downloadPassword());
    expect(zip.includes(Buffer.from("010-1234-5678"))).toBe(false);
    expect(zip.includes(Buffer.from("홍길동"))).toBe(false);
  });

  it.skipIf(!sevenZip)("7-Zip opens it with the password, and not without", () => {
    const password = downloadPassword();
    const file = join(dir, "export.zip");
    writeFileSync(file, aesZip([{ name: "상담_export.csv", data: "\uFEFFid,이름\r\n1,홍길동\r\n" }], password, { comment: "by a@b.kr" }));
    const listing = execFileSync(sevenZip!, ["l", "-slt", `-p${password}`, file], { encoding: "utf8" });
    expect(listing).toContain("AES-256");
    expect(execFileSync(sevenZip!, ["x", "-so", `-p${password}`, file], { encoding: "utf8" })).toBe("\uFEFFid,이름\r\n1,홍길동\r\n");
    expect(() => execFileSync(sevenZip!, ["t", "-pwrong-password", file], { stdio: "pipe" })).toThrow();
  });

  it("makes passwords of 20 letters and digits, both kinds, never the same", () => {
    const seen = new Set(Array.from({ length: 200 }, () => downloadPassword()));
    expect(seen.size).toBe(200);
    for (const p of seen) expect(p).toMatch(/^(?=.*\d)(?=.*[A-Za-z])[A-HJ-NP-Za-km-z2-9]{20}$/);
  });
});
