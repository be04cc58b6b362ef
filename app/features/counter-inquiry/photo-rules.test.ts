import { describe, expect, it } from "vitest";
import { checkPhotoAddition, looksLikeImage } from "#app/features/counter-inquiry/photo-rules.ts";

const jpg = (size = 1000, name = "a.jpg", type = "image/jpeg") => ({ name, type, size });
const MB = 1024 * 1024;

describe("checkPhotoAddition (spec §5: images only, max 3, 20 MB each)", () => {
  it("takes an addition up to three in all", () => {
    expect(checkPhotoAddition(0, [jpg(), jpg(), jpg()])).toBeNull();
    expect(checkPhotoAddition(2, [jpg()])).toBeNull();
  });
  it("refuses, whole, an addition that would make four", () => {
    expect(checkPhotoAddition(3, [jpg()])).toBe("limit");
    expect(checkPhotoAddition(2, [jpg(), jpg()])).toBe("limit");
    expect(checkPhotoAddition(0, [jpg(), jpg(), jpg(), jpg()])).toBe("limit");
  });
  it("refuses files that are not images, and SVG", () => {
    expect(checkPhotoAddition(0, [jpg(), { name: "notes.txt", type: "text/plain", size: 10 }])).toBe("type");
    expect(checkPhotoAddition(0, [{ name: "x.svg", type: "image/svg+xml", size: 10 }])).toBe("type");
  });
  it("refuses a file over 20 MB and takes one of exactly 20 MB", () => {
    expect(checkPhotoAddition(0, [jpg(20 * MB + 1)])).toBe("size");
    expect(checkPhotoAddition(0, [jpg(20 * MB)])).toBeNull();
  });
  it("falls back to the name when the picker gives no type (HEIC on some phones)", () => {
    expect(looksLikeImage({ name: "IMG_0001.HEIC", type: "", size: 1 })).toBe(true);
    expect(looksLikeImage({ name: "report.pdf", type: "", size: 1 })).toBe(false);
  });
});
