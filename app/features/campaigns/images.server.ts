import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { loadSharp, MAX_INPUT_PIXELS, sniffImage, withDecodeSlot, type PhotoInput } from "#app/lib/images.server.ts";
import { CodedError } from "#app/lib/coded-error.ts";
import { immutableFile } from "#app/lib/http.server.ts";

/**
 * Campaign images (issue 14): the A/S photo rules (type decided by the
 * bytes, then by the decoder; re-encoded, so upright and without any
 * metadata), encoded to WebP in the box the home page shows them in, at 1×
 * and 2×. Kept in the database (every instance serves them) under a name
 * made of their bytes' hash, so a URL never changes what it shows.
 */
export const CAMPAIGN_IMAGE_PREFIX = "/media/campaigns/";

export class CampaignImageProblem extends CodedError<"type"> {}

export interface EncodedImage {
  name: string;
  width: number;
  height: number;
  data: Buffer;
}

/** The two WebP files of one upload, cropped to the box (centre), 1× then 2×. */
export async function encodeCampaignImage(input: PhotoInput, box: { width: number; height: number }): Promise<EncodedImage[]> {
  const sniffed = sniffImage(input instanceof Uint8Array ? input : input.head);
  if (!sniffed) throw new CampaignImageProblem("type");
  const source = input instanceof Uint8Array ? input : input.path;
  return withDecodeSlot(async () => {
    try {
      const sharp = await loadSharp();
      const meta = await sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false }).metadata();
      if ((meta.format === "heif" ? "heif" : meta.format) !== sniffed) throw new CampaignImageProblem("type");
      const out: EncodedImage[] = [];
      for (const scale of [1, 2]) {
        const width = box.width * scale;
        const height = box.height * scale;
        const data = await sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false })
          .autoOrient()
          .resize({ width, height, fit: "cover", position: "centre" })
          .webp({ quality: 80, effort: 4 })
          .toBuffer();
        const hash = createHash("sha256").update(data).digest("base64url").slice(0, 22);
        out.push({ name: `${hash}-${width}x${height}.webp`, width, height, data });
      }
      return out;
    } catch (error) {
      if (error instanceof CampaignImageProblem) throw error;
      throw new CampaignImageProblem("type");
    }
  });
}

/** Stores the files (once per name) and answers their URLs, 1× and 2×. */
export async function storeCampaignImages(db: Kysely<Database>, images: EncodedImage[], now = new Date()): Promise<string[]> {
  for (const image of images) {
    const existing = await db.selectFrom("campaign_images").select("id").where("name", "=", image.name).executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto("campaign_images")
      .values({
        name: image.name,
        content_type: "image/webp",
        width: image.width,
        height: image.height,
        byte_size: image.data.byteLength,
        data: image.data,
        created_at: now.toISOString(),
      })
      .execute();
  }
  return images.map((image) => `${CAMPAIGN_IMAGE_PREFIX}${image.name}`);
}

/** Removes uploaded images no banner and no popup shows any more. */
export async function removeUnusedImages(db: Kysely<Database>, urls: (string | null)[]): Promise<void> {
  for (const url of urls) {
    if (!url?.startsWith(CAMPAIGN_IMAGE_PREFIX)) continue;
    const inBanners = await db
      .selectFrom("campaign_banners")
      .select("id")
      .where((eb) => eb.or([eb("image", "=", url), eb("image_2x", "=", url)]))
      .executeTakeFirst();
    const inPopup = await db
      .selectFrom("campaign_popup")
      .select("id")
      .where((eb) => eb.or([eb("image", "=", url), eb("image_2x", "=", url)]))
      .executeTakeFirst();
    if (!inBanners && !inPopup)
      await db.deleteFrom("campaign_images").where("name", "=", url.slice(CAMPAIGN_IMAGE_PREFIX.length)).execute();
  }
}

/** GET /media/campaigns/:name: the file, kept by browsers for a year (its name is its content). */
export async function campaignImageResponse(db: Kysely<Database>, name: string | undefined): Promise<Response> {
  if (!name || !/^[\w-]{22}-\d{2,4}x\d{2,4}\.webp$/.test(name)) return new Response("Not Found", { status: 404 });
  const row = await db.selectFrom("campaign_images").select(["content_type", "data"]).where("name", "=", name).executeTakeFirst();
  if (!row) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-cache" } });
  return immutableFile(row.content_type, row.data);
}
