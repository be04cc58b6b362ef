import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { auditChange, describeChanges } from "#app/features/audit/audit.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { loadSharp, MAX_INPUT_PIXELS, sniffImage, withDecodeSlot, type PhotoInput } from "#app/lib/images.server.ts";
import { CodedError } from "#app/lib/coded-error.ts";
import { immutableFile } from "#app/lib/http.server.ts";
import { businessBrand, writeBrand } from "#app/business/brand.server.ts";
import { BRAND_FILE_PREFIX, SAMPLE_BRAND, SHARE_CARD, type Brand, type BrandImage } from "#app/business/brand.ts";
import { brandFields } from "#app/features/brand-settings/schema.ts";

/**
 * Saving the business's brand (issue 47, item 3): one transaction writes the
 * row, the audit lines (each changed field, before → after) and the content
 * version, so every instance drops its kept pages and shows the new values
 * within seconds. Nothing changed: nothing written. The images are
 * uploaded files kept in `business_files` under their hash, like the
 * registration certificate, and served from /media/brand/.
 */
type Db = Kysely<Database>;
type Who = Pick<SignedIn, "operator">;

/** The audit log's record for the brand (one, so id 1). */
export const BRAND_RECORD = { kind: "brand", id: 1 } as const;

export async function saveBrand(db: Db, who: Who, brand: Brand, now = new Date()): Promise<"saved" | "unchanged"> {
  return db.transaction().execute((trx) => saveBrandIn(trx, who, brand, now));
}

async function saveBrandIn(trx: Db, who: Who, brand: Brand, now: Date): Promise<"saved" | "unchanged"> {
  const before = await businessBrand(trx);
  const lines = describeChanges(auditFields(before), auditFields(brand));
  if (!lines.length) return "unchanged";
  await writeBrand(trx, brand, now, who.operator.email);
  await auditChange(trx, who, "brand_update", BRAND_RECORD, lines, now);
  await bumpContentVersion(trx, now);
  return "saved";
}

function auditFields(brand: Brand): Record<string, string> {
  return { ...brandFields(brand), logo: brand.logo, favicon: brand.favicon, share_card: brand.shareCard };
}

export const BRAND_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * How each image is kept: the logo a square WebP (3× the header's 32 px,
 * transparent around it), the favicon a square PNG (every browser's tab
 * takes it), the share card a 1200×630 JPEG cropped to the middle (what
 * Facebook and KakaoTalk read best). `min`: a smaller picture would look
 * blurred, so it is refused.
 */
const IMAGE_SPECS: Record<BrandImage, { width: number; height: number; min: [number, number]; format: "webp" | "png" | "jpeg" }> = {
  logo: { width: 96, height: 96, min: [32, 32], format: "webp" },
  favicon: { width: 64, height: 64, min: [16, 16], format: "png" },
  shareCard: { ...SHARE_CARD, min: [600, 315], format: "jpeg" },
};
const EXTENSION = { webp: "webp", png: "png", jpeg: "jpg" } as const;
const CONTENT_TYPE = { webp: "image/webp", png: "image/png", jpg: "image/jpeg" } as const;

export class BrandImageProblem extends CodedError<"type" | "small"> {}

/**
 * An uploaded picture as `kind` keeps it. Its type is decided by its bytes
 * (their first bytes, then the decoder must agree), never by its name; it is
 * re-encoded, so it is upright and carries no metadata.
 */
export async function encodeBrandImage(kind: BrandImage, input: PhotoInput): Promise<{ name: string; data: Buffer }> {
  const sniffed = sniffImage(input instanceof Uint8Array ? input : input.head);
  if (!sniffed) throw new BrandImageProblem("type");
  const source = input instanceof Uint8Array ? input : input.path;
  const spec = IMAGE_SPECS[kind];
  return withDecodeSlot(async () => {
    const sharp = await loadSharp();
    const open = () => sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    let data: Buffer;
    try {
      const meta = await open().metadata();
      if ((meta.format === "heif" ? "heif" : meta.format) !== sniffed) throw new BrandImageProblem("type");
      const [w, h] = meta.orientation && meta.orientation >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
      if (!w || !h || w < spec.min[0] || h < spec.min[1]) throw new BrandImageProblem("small");
      const resized = open()
        .autoOrient()
        .resize(
          spec.format === "jpeg"
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
      if (error instanceof BrandImageProblem) throw error;
      throw new BrandImageProblem("type");
    }
    const name = `${createHash("sha256").update(data).digest("hex").slice(0, 32)}.${EXTENSION[spec.format]}`;
    return { name, data };
  });
}

/** Keeps an encoded image and points the brand's `kind` at it: the file, the brand, its audit line and the content version in one transaction. */
export async function saveBrandImage(
  db: Db,
  who: Who,
  kind: BrandImage,
  image: { name: string; data: Buffer },
  now = new Date(),
): Promise<"saved" | "unchanged"> {
  const ext = image.name.slice(image.name.lastIndexOf(".") + 1) as keyof typeof CONTENT_TYPE;
  return db.transaction().execute(async (trx) => {
    const known = await trx.selectFrom("business_files").select("name").where("name", "=", image.name).executeTakeFirst();
    if (!known) {
      await trx
        .insertInto("business_files")
        .values({ name: image.name, content_type: CONTENT_TYPE[ext], data: image.data, created_at: now.toISOString() })
        .execute();
    }
    const brand = await businessBrand(trx);
    return saveBrandIn(trx, who, { ...brand, [kind]: `${BRAND_FILE_PREFIX}${image.name}` }, now);
  });
}

/** Puts an image back to the fresh install's (the sample files ship with the site). */
export async function resetBrandImage(db: Db, who: Who, kind: BrandImage, now = new Date()): Promise<"saved" | "unchanged"> {
  return db.transaction().execute(async (trx) => {
    const brand = await businessBrand(trx);
    return saveBrandIn(trx, who, { ...brand, [kind]: SAMPLE_BRAND[kind] }, now);
  });
}

/** GET /media/brand/:name: a kept image, immutable (its name is its hash), or 404. */
export async function brandFileResponse(db: Db, name: string | undefined): Promise<Response> {
  if (!name || !/^[0-9a-f]{32}\.(webp|png|jpg)$/.test(name)) return new Response("Not Found", { status: 404 });
  const row = await db.selectFrom("business_files").select(["content_type", "data"]).where("name", "=", name).executeTakeFirst();
  if (!row?.content_type.startsWith("image/")) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-cache" } });
  return immutableFile(row.content_type, row.data);
}
