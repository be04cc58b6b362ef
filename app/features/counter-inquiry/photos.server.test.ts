import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { BadRequest } from "#app/lib/http.server.ts";
import { hasGpsPointer, phoneJpeg, png } from "#tests/support/images.ts";
import { PHOTO_DECODES_AT_ONCE, photosWaiting } from "#app/lib/images.server.ts";
import { PHOTO_MAX_DIMENSION, reencodePhoto } from "#app/features/counter-inquiry/photos.server.ts";

describe("reencodePhoto", () => {
  it("drops EXIF (GPS, camera) and turns the photo upright", async () => {
    const input = await phoneJpeg(64, 32);
    const before = await sharp(input).metadata();
    expect(hasGpsPointer(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const photo = await reencodePhoto(input, "file_param");
    const after = await sharp(photo.data).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(photo.data.includes(Buffer.from("TestCam"))).toBe(false);
    // Rotated by its EXIF orientation: 64×32 stored upright as 32×64.
    expect([photo.width, photo.height]).toEqual([32, 64]);
    expect(photo).toMatchObject({ content_type: "image/jpeg", byte_size: photo.data.byteLength });
  });

  it("shrinks large photos to at most 2048 px on the longest side", async () => {
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    const photo = await reencodePhoto(big, "file_param");
    expect(Math.max(photo.width, photo.height)).toBe(PHOTO_MAX_DIMENSION);
    expect(photo.height).toBe(512);
  });

  it("takes PNG (flattening transparency) and stores JPEG", async () => {
    const photo = await reencodePhoto(await png(), "photos");
    expect((await sharp(photo.data).metadata()).format).toBe("jpeg");
  });

  it.each([
    ["a text file", new TextEncoder().encode("not an image at all, just a .jpg name")],
    ["a truncated JPEG", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0])],
  ])("refuses %s as a BadRequest on the field", async (_name, bytes) => {
    const error = await reencodePhoto(bytes, "file_param").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequest);
    expect((error as BadRequest).errors).toEqual({ file_param: "counter.errors.photoType" });
  });
});

describe("decode slots: photos are decoded a few at a time, the others wait their turn", () => {
  it("re-encodes many photos sent at once (queued), each correctly", async () => {
    const input = await phoneJpeg(64, 32);
    const pending = Array.from({ length: 6 }, () => reencodePhoto(input, "file_param"));
    expect(photosWaiting()).toBe(6 - PHOTO_DECODES_AT_ONCE);
    const photos = await Promise.all(pending);
    for (const photo of photos) expect([photo.width, photo.height]).toEqual([32, 64]);
    expect(photosWaiting()).toBe(0);
  });

  it("decodes an uploaded temporary file from its path, the type from its first bytes", async () => {
    const dir = await mkdtemp(join(tmpdir(), "photo-test-"));
    try {
      const bytes = await phoneJpeg(64, 32);
      const path = join(dir, "upload");
      await writeFile(path, bytes);
      const photo = await reencodePhoto({ path, head: bytes.subarray(0, 64) }, "file_param");
      expect([photo.width, photo.height]).toEqual([32, 64]);
      // A PNG's bytes behind a JPEG's first bytes: refused (the decoder must agree with the signature).
      await writeFile(path, await png());
      await expect(reencodePhoto({ path, head: bytes.subarray(0, 64) }, "file_param")).rejects.toMatchObject({
        errors: { file_param: "counter.errors.photoType" },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
