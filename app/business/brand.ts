import type { BusinessIdentity } from "#app/business/identity.ts";

/**
 * The business's brand and links (issue 47, item 3): its header mark,
 * favicon and share card, the issuer its operators' authenticator apps show,
 * the API's title, its social channels and blogs, the visa, news and
 * exchange sites it points visitors to, and the chat channels of the contact
 * widget. Administrators edit them on the console's Brand page; every page
 * reads them (the root loader). A fresh install starts from SAMPLE_BRAND,
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

const perAudience = (urls: Partial<Record<SocialAudience, string>>) =>
  Object.fromEntries(SOCIAL_AUDIENCES.map((a) => [a, urls[a] ?? ""])) as Record<SocialAudience, string>;

/** The fresh install's brand: today's sample files and example links. */
export const SAMPLE_BRAND: Brand = {
  issuer: "",
  apiTitle: "",
  logo: "",
  favicon: "/favicon.svg",
  shareCard: "/images/og-card.png",
  facebook: perAudience({
    english: "https://www.facebook.com/example.kloanguide.en",
    mongolia: "https://www.facebook.com/example.kloanguide.mn",
    indonesia: "https://www.facebook.com/example.kloanguide.id",
    vietnam: "https://www.facebook.com/example.kloanguide.vn",
    uzbekistan: "https://www.facebook.com/example.kloanguide.uz",
    philippines: "https://www.facebook.com/example.kloanguide.ph",
  }),
  instagram: perAudience({
    indonesia: "https://www.instagram.com/example.kloanguide.id",
    mongolia: "https://www.instagram.com/example.kloanguide.mn",
  }),
  tiktok: "https://www.tiktok.com/@example.kloanguide",
  blogs: {
    naver: "https://blog.example.com/kloanguide",
    tistory: "https://kloanguide.example.org",
    medium: "https://medium.example.net/@kloanguide",
  },
  links: {
    visaSupport: "https://visa.example.com",
    communityNews: "https://news.example.org/community",
    exchangeService: "https://exchange.example.com",
    exchangeReservation: "https://exchange.example.com/reservation",
  },
  chat: {
    whatsapp: "https://wa.me/821000000000",
    messenger: "https://www.facebook.com/example.kloanguide",
    kakaotalk: "",
    zalo: "",
  },
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

type Raw = Record<string, unknown>;
const asObject = (value: unknown): Raw => (value && typeof value === "object" && !Array.isArray(value) ? (value as Raw) : {});
const str = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
const keyed = <K extends string>(keys: readonly K[], raw: unknown, sample: Record<K, string>) => {
  const o = asObject(raw);
  return Object.fromEntries(keys.map((k) => [k, str(o[k], sample[k])])) as Record<K, string>;
};

function parse(json: string | null): Raw {
  if (json === null) return {};
  try {
    return asObject(JSON.parse(json));
  } catch {
    return {};
  }
}

/**
 * A stored document as the brand: each field of the right type is taken,
 * any other falls back to the sample's, so a page never breaks on a
 * settings row. WhatsApp and Messenger were the identity's fields before
 * the brand had chat channels (issue 36): until the brand stores its own,
 * the identity's stored ones stand.
 */
export function readBrand(json: string | null, identityJson: string | null = null): Brand {
  const raw = parse(json);
  const identity = parse(identityJson);
  const chatRaw = asObject(raw.chat);
  const chatSample = {
    ...SAMPLE_BRAND.chat,
    whatsapp: str(identity.whatsapp, SAMPLE_BRAND.chat.whatsapp),
    messenger: str(identity.messenger, SAMPLE_BRAND.chat.messenger),
  };
  return {
    issuer: str(raw.issuer, SAMPLE_BRAND.issuer),
    apiTitle: str(raw.apiTitle, SAMPLE_BRAND.apiTitle),
    logo: str(raw.logo, SAMPLE_BRAND.logo),
    favicon: str(raw.favicon, SAMPLE_BRAND.favicon),
    shareCard: str(raw.shareCard, SAMPLE_BRAND.shareCard),
    facebook: keyed(SOCIAL_AUDIENCES, raw.facebook, SAMPLE_BRAND.facebook),
    instagram: keyed(SOCIAL_AUDIENCES, raw.instagram, SAMPLE_BRAND.instagram),
    tiktok: str(raw.tiktok, SAMPLE_BRAND.tiktok),
    blogs: keyed(BLOG_PLATFORMS, raw.blogs, SAMPLE_BRAND.blogs),
    links: keyed(EXTERNAL_LINKS, raw.links, SAMPLE_BRAND.links),
    chat: keyed(CHAT_CHANNELS, chatRaw, chatSample),
  };
}

/** The social channels that are set, in the page's order (an empty group is not shown). */
export function socialPages(urls: Record<SocialAudience, string>): { key: SocialAudience; url: string }[] {
  return SOCIAL_AUDIENCES.filter((key) => urls[key] !== "").map((key) => ({ key, url: urls[key] }));
}
