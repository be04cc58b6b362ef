import { describe, expect, it } from "vitest";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { initialVideoLang, videoFor, VIDEO_LANGS } from "#app/features/loan-guide/videos.ts";

const url = (q = "") => new URL(`http://localhost/our-products/loan${q}`);

describe("loan guide video language", () => {
  it("offers English and Bahasa Indonesia (spec §2)", () => {
    expect(VIDEO_LANGS).toEqual(["en", "id"]);
  });
  it("takes ?video= first", () => {
    expect(initialVideoLang(url("?video=id"), "en")).toBe("id");
    expect(initialVideoLang(url("?video=en"), "id")).toBe("en");
  });
  it("else the reader's language when a video exists in it, else English", () => {
    expect(initialVideoLang(url(), "id")).toBe("id");
    expect(initialVideoLang(url("?video=vi"), "vi")).toBe("en");
    expect(initialVideoLang(url(), "mn")).toBe("en");
  });
  it.each(VIDEO_LANGS)("ships a small %s video and poster", (lang) => {
    const video = videoFor(lang);
    for (const file of [video.src, video.poster]) {
      const path = join(process.cwd(), "public", file);
      expect(existsSync(path), file).toBe(true);
    }
    // "A few hundred KB": small enough for prepaid data.
    expect(statSync(join(process.cwd(), "public", video.src)).size).toBeLessThan(600 * 1024);
  });
});
