import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { publicCampaigns } from "#app/features/campaigns/campaigns.server.ts";
import { recordBannerRedirect } from "#app/features/banners/banner-log.server.ts";

/**
 * `/go/<partner key>` (issue 16, point 5): every banner tap counted, the ones
 * made before the page's JavaScript runs included. The key names a live
 * banner (published, switched on, inside its window) or nothing: the
 * destination is always the link the operators stored for it, never one the
 * request brings, so this is no open redirect.
 */
const PARTNER_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The stored link of the live banner with this key, or null. */
export async function liveBannerLink(db: Kysely<Database>, key: string, now = new Date()): Promise<string | null> {
  if (!PARTNER_KEY.test(key)) return null;
  const { banners } = await publicCampaigns(db, "en", now);
  return banners.find((b) => b.key === key)?.link ?? null;
}

/** Where a tap on `key` goes, logged once (unless `log` is false: a client over the rate limit is sent on, not counted). */
export async function goToPartner(db: Kysely<Database>, key: string, options: { log: boolean; now?: Date }): Promise<string | null> {
  const link = await liveBannerLink(db, key, options.now);
  if (link && options.log) await recordBannerRedirect(db, { partner_name: key, redirect_url: link }, options.now);
  return link;
}
