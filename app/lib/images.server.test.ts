import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { phoneJpeg, png } from "#tests/support/images.ts";
import { PHOTO_DECODES_AT_ONCE, photosWaiting, sniffImage, withDecodeSlot } from "#app/lib/images.server.ts";

describe("sniffImage: the type comes from the bytes", () => {
  it("recognises JPEG, PNG, WebP, GIF and HEIF/AVIF signatures", async () => {
    expect(sniffImage(await phoneJpeg())).toBe("jpeg");
    expect(sniffImage(await png())).toBe("png");
    expect(
      sniffImage(
        await sharp(await png())
          .webp()
          .toBuffer(),
      ),
    ).toBe("webp");
    expect(
      sniffImage(
        await sharp(await png())
          .gif()
          .toBuffer(),
      ),
    ).toBe("gif");
    expect(
      sniffImage(
        await sharp(await png())
          .avif()
          .toBuffer(),
      ),
    ).toBe("heif");
  });
  it("refuses text, SVG and short files whatever they are called", () => {
    expect(sniffImage(new TextEncoder().encode("hello, I am a text file named photo.jpg"))).toBeUndefined();
    expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeUndefined();
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
  });
});

describe("decode slots: photos are decoded a few at a time, the others wait their turn", () => {
  it("runs at most PHOTO_DECODES_AT_ONCE at once, first come first served, and frees a failed one's slot", async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const jobs = Array.from({ length: 5 }, (_, i) =>
      withDecodeSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        if (i === 0) throw new Error("broken photo");
        return i;
      }).then(
        () => "fulfilled",
        () => "rejected",
      ),
    );
    expect(running).toBe(PHOTO_DECODES_AT_ONCE);
    expect(photosWaiting()).toBe(5 - PHOTO_DECODES_AT_ONCE);
    // Release every job as it starts, until all have run.
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(jobs)).toEqual(["rejected", "fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(PHOTO_DECODES_AT_ONCE);
    expect(photosWaiting()).toBe(0);
    // The slots are all free again: as many as allowed start at once.
    let started = 0;
    const again = Array.from({ length: PHOTO_DECODES_AT_ONCE }, () => withDecodeSlot(async () => (started += 1)));
    expect(photosWaiting()).toBe(0);
    await Promise.all(again);
    expect(started).toBe(PHOTO_DECODES_AT_ONCE);
  });
});
