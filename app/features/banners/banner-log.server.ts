import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { site } from "#app/config/site.ts";
import type { BannerLogInput } from "#app/features/banners/schema.ts";

/** Only the configured partners' banners are logged: the log is not a guestbook. */
export function isKnownBanner(input: BannerLogInput): boolean {
  return site.partnerBanners.some((b) => b.partnerName === input.partner_name && b.url === input.redirect_url);
}

export async function recordBannerRedirect(db: Kysely<Database>, input: BannerLogInput, now = new Date()) {
  const row = await db
    .insertInto("banner_redirect_logs")
    .values({ partner_name: input.partner_name, redirect_url: input.redirect_url, created_at: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
