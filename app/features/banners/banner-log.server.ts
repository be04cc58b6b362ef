import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { BannerLogInput } from "#app/features/banners/schema.ts";
import { isCampaignBanner } from "#app/features/campaigns/campaigns.server.ts";

/** Only the banners operators set up are logged (by their stable partner key): the log is not a guestbook. */
export function isKnownBanner(db: Kysely<Database>, input: BannerLogInput): Promise<boolean> {
  return isCampaignBanner(db, input.partner_name, input.redirect_url);
}

export async function recordBannerRedirect(db: Kysely<Database>, input: BannerLogInput, now = new Date()) {
  const row = await db
    .insertInto("banner_redirect_logs")
    .values({ partner_name: input.partner_name, redirect_url: input.redirect_url, created_at: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
