import {
  BLOG_PLATFORMS,
  BRAND_UNKNOWN,
  CHAT_CHANNELS,
  EXTERNAL_LINKS,
  perAudience,
  SOCIAL_AUDIENCES,
  type Brand,
} from "#app/business/brand.ts";

/*
 * The sample brand and the reading of a stored one over it: what the server
 * and the console's Brand page need, kept apart from app/business/brand.ts so
 * that the example links never ride in the code every public page loads
 * (that code falls back to BRAND_UNKNOWN).
 */

/** The fresh install's brand: today's sample files and example links. */
export const SAMPLE_BRAND: Brand = {
  ...BRAND_UNKNOWN,
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
