import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { auditChange, describeChanges } from "#app/features/audit/audit.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import type { PhotoInput } from "#app/lib/images.server.ts";
import { BUSINESS_IMAGE_MAX_BYTES, encodeImage, storeImage, type EncodedImage, type ImageSpec } from "#app/business/images.server.ts";
import { businessBrand, writeBrand } from "#app/business/brand.server.ts";
import { SHARE_CARD, type Brand, type BrandImage } from "#app/business/brand.ts";
import { SAMPLE_BRAND } from "#app/business/sample-brand.ts";
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

export const BRAND_IMAGE_MAX_BYTES = BUSINESS_IMAGE_MAX_BYTES;

/**
 * How each image is kept: the logo a square WebP (3× the header's 32 px,
 * transparent around it), the favicon a square PNG (every browser's tab
 * takes it), the share card a 1200×630 JPEG cropped to the middle (what
 * Facebook and KakaoTalk read best). `min`: a smaller picture would look
 * blurred, so it is refused.
 */
const IMAGE_SPECS: Record<BrandImage, ImageSpec> = {
  logo: { width: 96, height: 96, min: [32, 32], format: "webp" },
  favicon: { width: 64, height: 64, min: [16, 16], format: "png" },
  shareCard: { ...SHARE_CARD, min: [600, 315], format: "jpeg", fit: "cover" },
};

/** An uploaded picture as `kind` keeps it (app/business/images.server.ts). */
export function encodeBrandImage(kind: BrandImage, input: PhotoInput): Promise<EncodedImage> {
  return encodeImage(IMAGE_SPECS[kind], input);
}

/** Keeps an encoded image and points the brand's `kind` at it: the file, the brand, its audit line and the content version in one transaction. */
export async function saveBrandImage(
  db: Db,
  who: Who,
  kind: BrandImage,
  image: EncodedImage,
  now = new Date(),
): Promise<"saved" | "unchanged"> {
  return db.transaction().execute(async (trx) => {
    const path = await storeImage(trx, image, now);
    const brand = await businessBrand(trx);
    return saveBrandIn(trx, who, { ...brand, [kind]: path }, now);
  });
}

/** Puts an image back to the fresh install's (the sample files ship with the site). */
export async function resetBrandImage(db: Db, who: Who, kind: BrandImage, now = new Date()): Promise<"saved" | "unchanged"> {
  return db.transaction().execute(async (trx) => {
    const brand = await businessBrand(trx);
    return saveBrandIn(trx, who, { ...brand, [kind]: SAMPLE_BRAND[kind] }, now);
  });
}
