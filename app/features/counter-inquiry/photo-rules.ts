import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "#app/features/counter-inquiry/types.ts";

/**
 * What the photo picker accepts (spec §5): images only, at most 3 in all,
 * 20 MB each. An addition is taken or refused whole: choosing two photos
 * when two are attached adds neither (and opens the photo-limit modal).
 * The server decides the type again from the bytes; this only spares a
 * visitor an upload that would be refused.
 */
type PhotoRejection = "limit" | "type" | "size";

interface FileLike {
  name: string;
  type: string;
  size: number;
}

const IMAGE_NAME = /\.(jpe?g|png|gif|webp|heic|heif|avif)$/i;

export function looksLikeImage(file: FileLike): boolean {
  // Some Android pickers give no type for HEIC/HEIF: fall back to the name.
  return file.type ? file.type.startsWith("image/") && file.type !== "image/svg+xml" : IMAGE_NAME.test(file.name);
}

export function checkPhotoAddition(current: number, incoming: readonly FileLike[]): PhotoRejection | null {
  if (current + incoming.length > MAX_PHOTOS) return "limit";
  if (incoming.some((file) => !looksLikeImage(file))) return "type";
  if (incoming.some((file) => file.size > MAX_PHOTO_BYTES)) return "size";
  return null;
}
