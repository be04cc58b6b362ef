import type { BusinessIdentity } from "#app/business/identity.ts";

/**
 * The business's brand and links (issue 47, item 3): its header mark,
 * favicon and share card, the issuer its operators' authenticator apps show,
 * the API's title, its social channels and blogs, the visa, news and
 * exchange sites it points visitors to, and the chat channels of the contact
 * widget. Administrators edit them on the console's Brand page; every page
 * reads them (the root loader). A fresh install starts from SAMPLE_BRAND (sample-brand.ts),
 * clearly fictional, and the go-live check names every value still equal to
 * it. An empty link hides its row, card or group.
 */
export const SOCIAL_AUDIENCES = ["english", "mongolia", "indonesia", "vietnam", "uzbekistan", "philippines"] as const;
export type SocialAudience = (typeof SOCIAL_AUDIENCES)[number];

export const BLOG_PLATFORMS = ["naver", "tistory", "medium"] as const;
export type BlogPlatform = (typeof BLOG_PLATFORMS)[number];

export const EXTERNAL_LINKS = ["visaSupport", "communityNews", "exchangeService", "exchangeReservation"] as const;
export type ExternalLinkKey = (typeof EXTERNAL_LINKS)[number];

/** The contact widget's chat channels, in the widget's order. */
export const CHAT_CHANNELS = ["whatsapp", "messenger", "kakaotalk", "zalo"] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

export const BRAND_IMAGES = ["logo", "favicon", "shareCard"] as const;
export type BrandImage = (typeof BRAND_IMAGES)[number];

export interface Brand {
  /** The issuer an authenticator app shows beside the code; empty: the trade name (English). */
  issuer: string;
  /** The title of /svc/openapi.json; empty: "<trade name> API". */
  apiTitle: string;
  /** The header's mark: an uploaded square image, or empty for the sample mark drawn in code. */
  logo: string;
  /** The browser tab's icon. */
  favicon: string;
  /** The picture a shared link shows (og:image), 1200×630. */
  shareCard: string;
  facebook: Record<SocialAudience, string>;
  instagram: Record<SocialAudience, string>;
  tiktok: string;
  blogs: Record<BlogPlatform, string>;
  links: Record<ExternalLinkKey, string>;
  chat: Record<ChatChannel, string>;
}

export const perAudience = (urls: Partial<Record<SocialAudience, string>>) =>
  Object.fromEntries(SOCIAL_AUDIENCES.map((a) => [a, urls[a] ?? ""])) as Record<SocialAudience, string>;

/**
 * What a page drawn without the root's data (an error page, the database away
 * before this process read the brand) uses: the built-in images and no link,
 * so no example link can show. The browser's code needs only this; the
 * sample's example links below stay on the server.
 */
export const BRAND_UNKNOWN: Brand = {
  issuer: "",
  apiTitle: "",
  logo: "",
  favicon: "/favicon.svg",
  shareCard: "/images/og-card.png",
  facebook: perAudience({}),
  instagram: perAudience({}),
  tiktok: "",
  blogs: { naver: "", tistory: "", medium: "" },
  links: { visaSupport: "", communityNews: "", exchangeService: "", exchangeReservation: "" },
  chat: { whatsapp: "", messenger: "", kakaotalk: "", zalo: "" },
};

/** The share card's size, as uploads are encoded and as og:image announces it. */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

/** The issuer an authenticator app shows: the brand's, else the trade name. */
export function issuerOf(brand: Brand, identity: Pick<BusinessIdentity, "tradeNameEn">): string {
  return brand.issuer || identity.tradeNameEn;
}

/** The API's title: the brand's, else "<trade name> API". */
export function apiTitleOf(brand: Brand, identity: Pick<BusinessIdentity, "tradeNameEn">): string {
  return brand.apiTitle || `${identity.tradeNameEn} API`;
}

/** The favicon's type, for `<link rel="icon" type>`. */
export function faviconType(url: string): string {
  return url.endsWith(".svg") ? "image/svg+xml" : "image/png";
}

/** The social channels that are set, in the page's order (an empty group is not shown). */
export function socialPages(urls: Record<SocialAudience, string>): { key: SocialAudience; url: string }[] {
  return SOCIAL_AUDIENCES.filter((key) => urls[key] !== "").map((key) => ({ key, url: urls[key] }));
}
