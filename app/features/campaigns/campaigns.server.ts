import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import {
  emptyAlt,
  emptyBannerText,
  inLocale,
  isLive,
  type BannerTexts,
  type PopupAlts,
  type PublicCampaigns,
} from "#app/features/campaigns/model.ts";

/**
 * The campaigns (issue 14): what the home page shows, from the rows
 * operators keep (the samples of a fresh install come from the migration).
 */
type Db = Kysely<Database>;

function parseTexts(json: string): BannerTexts {
  const raw = JSON.parse(json) as Partial<BannerTexts>;
  return Object.fromEntries(LOCALES.map((l) => [l, { title: raw[l]?.title ?? "", description: raw[l]?.description ?? "" }])) as BannerTexts;
}

function parseAlts(json: string): PopupAlts {
  const raw = JSON.parse(json) as Partial<PopupAlts>;
  return Object.fromEntries(LOCALES.map((l) => [l, raw[l] ?? ""])) as PopupAlts;
}

/** What the home page shows now, in `locale`; with `preview`, drafts too (signed-in operators only). */
export async function publicCampaigns(db: Db, locale: Locale, now = new Date(), preview = false): Promise<PublicCampaigns> {
  const rows = await db.selectFrom("campaign_banners").selectAll().orderBy("position").orderBy("id").execute();
  const banners = rows
    .filter((row) => isLive(row, now, preview))
    .map((row) => {
      const texts = parseTexts(row.texts);
      const english = texts.en;
      const own = inLocale(texts, locale, emptyBannerText) ?? english;
      return {
        key: row.partner_key,
        title: own.title,
        description: own === english ? english.description : own.description || english.description,
        rate: row.rate_text,
        rateDate: row.rate_date,
        link: row.link,
        image: row.image,
        image2x: row.image_2x,
      };
    });
  const popupRow = await db.selectFrom("campaign_popup").selectAll().orderBy("id").executeTakeFirst();
  const popup =
    popupRow && isLive(popupRow, now, preview)
      ? {
          link: popupRow.link,
          image: popupRow.image,
          image2x: popupRow.image_2x,
          alt: inLocale(parseAlts(popupRow.alts), locale, emptyAlt) ?? "",
        }
      : null;
  return { banners, popup };
}

/** Is this the link of a banner that exists (the redirect log records only those)? */
export async function isCampaignBanner(db: Db, partnerKey: string, link: string): Promise<boolean> {
  const row = await db
    .selectFrom("campaign_banners")
    .select("id")
    .where("partner_key", "=", partnerKey)
    .where("link", "=", link)
    .executeTakeFirst();
  return !!row;
}

/** The partner keys in display order (the banner statistics' columns). */
export async function bannerKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("campaign_banners").select("partner_key").orderBy("position").orderBy("id").execute();
  return rows.map((r) => r.partner_key);
}
