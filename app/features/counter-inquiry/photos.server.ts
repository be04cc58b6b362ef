import type { Sharp } from "sharp";
import { BadRequest } from "#app/lib/http.server.ts";
import { loadSharp, MAX_INPUT_PIXELS, sniffImage, withDecodeSlot, type PhotoInput, type SniffedImage } from "#app/lib/images.server.ts";

/**
 * A/S photos: the type is decided from the bytes (app/lib/images.server.ts);
 * every photo is re-encoded, which turns it upright (EXIF orientation) and
 * drops all of its metadata (EXIF GPS position, camera serial, XMP, comments).
 */
/** Longest side of a stored photo: enough to see a jammed roller, small to keep. */
export const PHOTO_MAX_DIMENSION = 2048;

export interface StoredPhoto {
  content_type: "image/jpeg";
  byte_size: number;
  width: number;
  height: number;
  data: Buffer;
}

/**
 * Checks and re-encodes one photo to JPEG (sRGB, upright, no metadata, at
 * most 2048 px on its longest side, transparency on white). Anything that is
 * not a readable image of the type its bytes announce is a BadRequest on `field`.
 * A file is decoded from its path (libvips reads it as it goes), never read whole.
 */
export async function reencodePhoto(input: PhotoInput, field: string): Promise<StoredPhoto> {
  const rejected = () => new BadRequest("invalid", { [field]: "counter.errors.photoType" });
  const sniffed = sniffImage(input instanceof Uint8Array ? input : input.head);
  if (!sniffed) throw rejected();
  return withDecodeSlot(() => decode(input instanceof Uint8Array ? input : input.path, sniffed, rejected));
}

async function decode(source: Uint8Array | string, sniffed: SniffedImage, rejected: () => BadRequest): Promise<StoredPhoto> {
  try {
    const image: Sharp = (await loadSharp())(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await image.metadata();
    const format = meta.format === "heif" ? "heif" : meta.format;
    if (format !== sniffed) throw rejected();
    const { data, info } = await image
      .autoOrient()
      .resize({ width: PHOTO_MAX_DIMENSION, height: PHOTO_MAX_DIMENSION, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { content_type: "image/jpeg", byte_size: data.byteLength, width: info.width, height: info.height, data };
  } catch (error) {
    if (error instanceof BadRequest) throw error;
    // Corrupt data, an undecodable HEIC variant, too many pixels: not a photo we can keep.
    throw rejected();
  }
}

/** Re-encodes one request's photos one after another (each waiting for a decode slot). */
export async function reencodePhotos(files: readonly PhotoInput[], field: string): Promise<StoredPhoto[]> {
  const out: StoredPhoto[] = [];
  for (const file of files) out.push(await reencodePhoto(file, field));
  return out;
}
