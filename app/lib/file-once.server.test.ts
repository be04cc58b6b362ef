import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFileOnce } from "#app/lib/file-once.server.ts";

describe("createFileOnce", () => {
  it("creates a missing file whole, and never replaces one that exists", () => {
    const dir = mkdtempSync(join(tmpdir(), "once-"));
    const file = join(dir, "deep", "secret.key");
    expect(createFileOnce(file, "first")).toBe(true);
    expect(createFileOnce(file, "second")).toBe(false);
    expect(readFileSync(file, "utf8")).toBe("first");
    // No temporary file is left behind either way.
    expect(readdirSync(join(dir, "deep"))).toEqual(["secret.key"]);
  });
});
