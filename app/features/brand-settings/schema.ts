import { cleanText, hasControlCharacter, v } from "#app/lib/schema.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import {
  BLOG_PLATFORMS,
  CHAT_CHANNELS,
  SOCIAL_AUDIENCES,
  type BlogPlatform,
  type Brand,
  type ChatChannel,
  type ExternalLinkKey,
  type SocialAudience,
} from "#app/business/brand.ts";
import { SAMPLE_BRAND } from "#app/business/sample-brand.ts";

/**
 * The console's Brand form (issue 47, item 3): one schema for the form's
 * fields and the action. Every link is optional (empty hides it on the
 * site), https only, and where a service has a known address (Facebook,
 * Instagram, TikTok, Naver Blog, the chat apps) on that service's host with
 * a page after it. A value still equal to the fresh install's sample is
 * taken as it is (the go-live check lists it), so a save of other fields is
 * never refused because of a sample left alone. Each message is a console
 * catalog key, shown beside its field; anything refused saves nothing.
 */
const msg = (key: AdminKey) => key;

export const URL_MAX = 300;
export const ISSUER_MAX = 60;
export const API_TITLE_MAX = 80;

/** The services whose links must be on their own hosts, and those hosts. */
export type HostKind = "facebook" | "instagram" | "tiktok" | "naver" | ChatChannel;
export const KNOWN_HOSTS: Record<HostKind, readonly string[]> = {
  facebook: ["facebook.com", "www.facebook.com", "m.facebook.com"],
  instagram: ["instagram.com", "www.instagram.com"],
  tiktok: ["tiktok.com", "www.tiktok.com"],
  naver: ["blog.naver.com", "m.blog.naver.com"],
  whatsapp: ["wa.me", "api.whatsapp.com"],
  messenger: ["m.me", "www.messenger.com", "facebook.com", "www.facebook.com"],
  kakaotalk: ["pf.kakao.com"],
  zalo: ["zalo.me", "oa.zalo.me"],
};

/** A link a visitor may be sent to: an absolute https URL with a host, no user or password, no spaces. */
export function isHttpsLink(value: string): boolean {
  if (value.length > URL_MAX || /\s/.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname.includes(".") && url.username === "" && url.password === "";
}

/** An https link on one of `kind`'s hosts, naming a page there (not the service's home page). */
export function isOnKnownHost(kind: HostKind, value: string): boolean {
  if (!isHttpsLink(value)) return false;
  const url = new URL(value);
  return KNOWN_HOSTS[kind].includes(url.hostname) && url.port === "" && url.pathname.replace(/\/+$/, "") !== "";
}

const link = (sample: string, kind?: HostKind) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.maxLength(URL_MAX, msg("brand.error.tooLong")),
    v.check((value: string) => value === "" || value === sample || isHttpsLink(value), msg("brand.error.https")),
    v.check(
      (value: string) => value === "" || value === sample || !kind || isOnKnownHost(kind, value),
      msg(kind ? (`brand.error.host.${kind}` as AdminKey) : "brand.error.https"),
    ),
  );

const name = (max: number) =>
  v.pipe(
    v.optional(v.string(), ""),
    v.check((value: string) => !hasControlCharacter(value), msg("brand.error.control")),
    v.transform(cleanText),
    v.maxLength(max, msg("brand.error.tooLong")),
  );

/** The external links as the form names them. */
const LINK_FIELDS: Record<ExternalLinkKey, string> = {
  visaSupport: "visa_support",
  communityNews: "community_news",
  exchangeService: "exchange_service",
  exchangeReservation: "exchange_reservation",
};

const brandEntries = {
  issuer: v.pipe(
    name(ISSUER_MAX),
    // An authenticator app reads "issuer:account": a colon in the issuer would split it wrongly.
    v.check((value: string) => !value.includes(":"), msg("brand.error.issuerColon")),
  ),
  api_title: name(API_TITLE_MAX),
  ...Object.fromEntries(SOCIAL_AUDIENCES.map((a) => [`facebook_${a}`, link(SAMPLE_BRAND.facebook[a], "facebook")])),
  ...Object.fromEntries(SOCIAL_AUDIENCES.map((a) => [`instagram_${a}`, link(SAMPLE_BRAND.instagram[a], "instagram")])),
  tiktok: link(SAMPLE_BRAND.tiktok, "tiktok"),
  ...Object.fromEntries(BLOG_PLATFORMS.map((p) => [`blog_${p}`, link(SAMPLE_BRAND.blogs[p], p === "naver" ? "naver" : undefined)])),
  ...Object.fromEntries(Object.entries(LINK_FIELDS).map(([key, field]) => [field, link(SAMPLE_BRAND.links[key as ExternalLinkKey])])),
  ...Object.fromEntries(CHAT_CHANNELS.map((c) => [`chat_${c}`, link(SAMPLE_BRAND.chat[c], c)])),
};

const brandSchema = v.object(brandEntries);

/** The form's field names, in the form's order. */
export const BRAND_FIELDS = Object.keys(brandEntries);

export type FieldErrors = Record<string, string>;

/** Checks the form; the images are the stored brand's (`current`), uploaded on their own forms. */
export function checkBrand(
  fields: Record<string, string>,
  current: Brand,
): { ok: true; brand: Brand } | { ok: false; errors: FieldErrors } {
  const parsed = v.safeParse(brandSchema, fields, { abortPipeEarly: true });
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.issues) {
      const field = String(issue.path?.[0]?.key ?? "_form");
      errors[field] ??= issue.message.includes(".") ? issue.message : "brand.error.https";
    }
    return { ok: false, errors };
  }
  const o = parsed.output as Record<string, string>;
  const audiences = (prefix: string) =>
    Object.fromEntries(SOCIAL_AUDIENCES.map((a) => [a, o[`${prefix}_${a}`]!])) as Record<SocialAudience, string>;
  return {
    ok: true,
    brand: {
      issuer: o.issuer!,
      apiTitle: o.api_title!,
      logo: current.logo,
      favicon: current.favicon,
      shareCard: current.shareCard,
      facebook: audiences("facebook"),
      instagram: audiences("instagram"),
      tiktok: o.tiktok!,
      blogs: Object.fromEntries(BLOG_PLATFORMS.map((p) => [p, o[`blog_${p}`]!])) as Record<BlogPlatform, string>,
      links: Object.fromEntries(Object.entries(LINK_FIELDS).map(([key, field]) => [key, o[field]!])) as Record<ExternalLinkKey, string>,
      chat: Object.fromEntries(CHAT_CHANNELS.map((c) => [c, o[`chat_${c}`]!])) as Record<ChatChannel, string>,
    },
  };
}

/** The brand as the form's fields (to fill the form, and to describe a change in the audit log). */
export function brandFields(brand: Brand): Record<string, string> {
  return {
    issuer: brand.issuer,
    api_title: brand.apiTitle,
    ...Object.fromEntries(SOCIAL_AUDIENCES.map((a) => [`facebook_${a}`, brand.facebook[a]])),
    ...Object.fromEntries(SOCIAL_AUDIENCES.map((a) => [`instagram_${a}`, brand.instagram[a]])),
    tiktok: brand.tiktok,
    ...Object.fromEntries(BLOG_PLATFORMS.map((p) => [`blog_${p}`, brand.blogs[p]])),
    ...Object.fromEntries(Object.entries(LINK_FIELDS).map(([key, field]) => [field, brand.links[key as ExternalLinkKey]])),
    ...Object.fromEntries(CHAT_CHANNELS.map((c) => [`chat_${c}`, brand.chat[c]])),
  };
}

/** The form's fields from a posted form: every known name, as sent (or empty). */
export function formFields(form: URLSearchParams | FormData): Record<string, string> {
  return Object.fromEntries(BRAND_FIELDS.map((field) => [field, String(form.get(field) ?? "")]));
}
