import { collectWhenIdle } from "#app/lib/idle-gc.server.ts";
import type { Sharp } from "sharp";
import { BadRequest } from "#app/lib/http.server.ts";

/**
 * A/S photos: the type is decided from the bytes (magic numbers, then the
 * decoder), never from the file name or the declared type; every photo is
 * re-encoded, which turns it upright (EXIF orientation) and drops all of its
 * metadata (EXIF GPS position, camera serial, XMP, comments).
 */
type SniffedImage = "jpeg" | "png" | "webp" | "gif" | "heif";

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The image format the first bytes announce, if it is one we take. */
export function sniffImage(bytes: Uint8Array): SniffedImage | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  // ISO-BMFF: HEIC from phones, AVIF.
  if (ascii(bytes, 4, 8) === "ftyp" && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif|avis)$/.test(ascii(bytes, 8, 12))) return "heif";
  return undefined;
}

/** Longest side of a stored photo: enough to see a jammed roller, small to keep. */
export const PHOTO_MAX_DIMENSION = 2048;
/** Decoding a bigger image would take too much memory (a 20 MB file can announce gigapixels). */
const MAX_INPUT_PIXELS = 100_000_000;

export interface StoredPhoto {
  content_type: "image/jpeg";
  byte_size: number;
  width: number;
  height: number;
  data: Buffer;
}

/**
 * sharp (libvips) is loaded on the first upload, not at start: the server at
 * rest stays ~20 MB lighter, and most instances never see a photo. Its cache
 * is off: it would keep decoded images (up to 50 MB) and open files (the
 * uploads' temporary files, removed but still on disk while open) between
 * requests. One libvips thread per image: the photos run side by side instead
 * (PHOTO_DECODES_AT_ONCE), each with one thread's buffers.
 */
let sharpModule: Promise<typeof import("sharp").default> | undefined;
export function loadSharp() {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
}

/**
 * How many photos are decoded at once, in the whole server: the others wait
 * their turn (first come, first served), so the memory that decoding takes
 * does not grow with the number of uploads in flight.
 */
export const PHOTO_DECODES_AT_ONCE = 2;
let decoding = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when one of the decode slots is free. */
export async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= PHOTO_DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (the count stays), or is freed.
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
    // The last photo of a burst: give its memory back once the server is quiet.
    if (decoding === 0) collectWhenIdle();
  }
}

/** Photos waiting for a decode slot (for the tests and the logs). */
export function photosWaiting(): number {
  return waiting.length;
}

/** A photo: its bytes, or an uploaded temporary file (its path and first bytes). */
export type PhotoInput = Uint8Array | { path: string; head: Uint8Array };

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
