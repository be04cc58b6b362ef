import { collectWhenIdle } from "#app/lib/idle-gc.server.ts";

/**
 * Uploaded images, for every feature that takes them (A/S photos, campaign
 * images): the type is decided from the bytes (magic numbers, then the
 * decoder), never from the file name or the declared type; sharp is loaded on
 * the first image; decoding waits for one of a few slots in the whole server.
 */
export type SniffedImage = "jpeg" | "png" | "webp" | "gif" | "heif";

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

/** Decoding a bigger image would take too much memory (a 20 MB file can announce gigapixels). */
export const MAX_INPUT_PIXELS = 100_000_000;

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

/** An image: its bytes, or an uploaded temporary file (its path and first bytes). */
export type PhotoInput = Uint8Array | { path: string; head: Uint8Array };
