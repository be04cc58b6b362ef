import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { loadSharp, MAX_INPUT_PIXELS, sniffImage, withDecodeSlot, type PhotoInput } from "#app/lib/images.server.ts";
import { CodedError } from "#app/lib/coded-error.ts";
import { immutableFile } from "#app/lib/http.server.ts";

/**
 * The business's own pictures (issue 47): the brand's logo, tab icon and
 * share card, a lender's logo. An upload's type is decided by its bytes
 * (their first bytes, then the decoder must agree), never by its name; it is
 * re-encoded to the spec of its place, so it is upright and carries no
 * metadata; it is kept in `business_files` under its hash (every instance
 * serves it, a URL never changes what it shows) and served from /media/brand/.
 */
export const BUSINESS_IMAGE_PREFIX = "/media/brand/";
export const BUSINESS_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** How a picture is kept: its box, the smallest upload that is not blurred in it, its format; `cover` crops to the box. */
export interface ImageSpec {
  width: number;
  height: number;
  min: [number, number];
  format: "webp" | "png" | "jpeg";
  fit?: "cover" | "contain";
}

export interface EncodedImage {
  name: string;
  data: Buffer;
}

export class ImageProblem extends CodedError<"type" | "small"> {}

const EXTENSION = { webp: "webp", png: "png", jpeg: "jpg" } as const;
const CONTENT_TYPE = { webp: "image/webp", png: "image/png", jpg: "image/jpeg" } as const;

export async function encodeImage(spec: ImageSpec, input: PhotoInput): Promise<EncodedImage> {
  const sniffed = sniffImage(input instanceof Uint8Array ? input : input.head);
  if (!sniffed) throw new ImageProblem("type");
  const source = input instanceof Uint8Array ? input : input.path;
  return withDecodeSlot(async () => {
    const sharp = await loadSharp();
    const open = () => sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    let data: Buffer;
    try {
      const meta = await open().metadata();
      if ((meta.format === "heif" ? "heif" : meta.format) !== sniffed) throw new ImageProblem("type");
      const [w, h] = meta.orientation && meta.orientation >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
      if (!w || !h || w < spec.min[0] || h < spec.min[1]) throw new ImageProblem("small");
      const resized = open()
        .autoOrient()
        .resize(
          spec.fit === "cover"
            ? { width: spec.width, height: spec.height, fit: "cover", position: "centre" }
            : { width: spec.width, height: spec.height, fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } },
        );
      data =
        spec.format === "jpeg"
          ? await resized.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true }).toBuffer()
          : spec.format === "png"
            ? await resized.png({ compressionLevel: 9 }).toBuffer()
            : await resized.webp({ quality: 90, alphaQuality: 100 }).toBuffer();
    } catch (error) {
      if (error instanceof ImageProblem) throw error;
      throw new ImageProblem("type");
    }
    return { name: `${createHash("sha256").update(data).digest("hex").slice(0, 32)}.${EXTENSION[spec.format]}`, data };
  });
}

/** Keeps an encoded picture (once per name, in the caller's transaction) and answers the path it is served at. */
export async function storeImage(db: Kysely<Database>, image: EncodedImage, now: Date): Promise<string> {
  const ext = image.name.slice(image.name.lastIndexOf(".") + 1) as keyof typeof CONTENT_TYPE;
  const known = await db.selectFrom("business_files").select("name").where("name", "=", image.name).executeTakeFirst();
  if (!known)
    await db
      .insertInto("business_files")
      .values({ name: image.name, content_type: CONTENT_TYPE[ext], data: image.data, created_at: now.toISOString() })
      .execute();
  return `${BUSINESS_IMAGE_PREFIX}${image.name}`;
}

/** GET /media/brand/:name: a kept picture, immutable (its name is its hash), or 404. */
export async function imageResponse(db: Kysely<Database>, name: string | undefined): Promise<Response> {
  if (!name || !/^[0-9a-f]{32}\.(webp|png|jpg)$/.test(name)) return new Response("Not Found", { status: 404 });
  const row = await db.selectFrom("business_files").select(["content_type", "data"]).where("name", "=", name).executeTakeFirst();
  if (!row?.content_type.startsWith("image/")) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-cache" } });
  return immutableFile(row.content_type, row.data);
}
