import sharp from "sharp";

/** A JPEG as a phone makes it: EXIF with the camera, a GPS position and an orientation (6 = rotate 90°). */
export async function phoneJpeg(width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c03030" } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "TestCam", Model: "Phone 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 33/1 58/1", GPSLongitudeRef: "E", GPSLongitude: "126/1 58/1 40/1" },
    })
    .jpeg()
    .toBuffer();
}

export async function png(width = 40, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** True when raw EXIF holds a GPS IFD pointer (tag 0x8825, either byte order). */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  return !!exif && /8825|2588/.test(exif.toString("hex"));
}
