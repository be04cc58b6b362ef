/**
 * Where a request came from (issue 28, point 4), first-party only: what the
 * visit landed with (UTM tags, the referring site's domain), the partner
 * banner tapped before, and whether the eligibility check was used. Kept in
 * this tab's sessionStorage (no cookie, gone when the tab closes) and sent
 * only with a request, as hidden form fields or the API payload's `source`.
 * The same rules clean it in the browser and on the server.
 */
export interface RequestSource {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  banner?: string;
  referrer?: string;
  eligibility?: "1";
}

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign"] as const;
/** The hidden form fields: `src_<key>`. */
export const SOURCE_KEYS = [...UTM_KEYS, "banner", "referrer", "eligibility"] as const;
export type SourceKey = (typeof SOURCE_KEYS)[number];
export const sourceField = (key: SourceKey) => `src_${key}`;

/** The page of the eligibility check (issue 27): a visit to it marks the check as used. */
export const ELIGIBILITY_PATH = "/our-products/eligibility";

const TAG = /^[\p{L}\p{N} ._+\-/:|()]{1,100}$/u;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const BANNER = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** A tag as stored: trimmed, at most 100 characters of a tame set; anything else is dropped. */
export function cleanTag(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const tag = value.trim().slice(0, 100);
  return TAG.test(tag) ? tag : undefined;
}

export function cleanDomain(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const domain = value
    .trim()
    .toLowerCase()
    .replace(/^www\./, "");
  return DOMAIN.test(domain) ? domain : undefined;
}

/** The host name of a referring URL that is not this site; nothing else of it. */
export function referrerDomain(referrer: string | null | undefined, ownHost: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    if (url.host === ownHost) return undefined;
    return cleanDomain(url.hostname);
  } catch {
    return undefined;
  }
}

/** Only the keys we know, each cleaned; an empty object when nothing is left. */
export function cleanSource(raw: unknown): RequestSource {
  if (!raw || typeof raw !== "object") return {};
  const r = raw as Record<string, unknown>;
  const out: RequestSource = {};
  for (const key of UTM_KEYS) {
    const tag = cleanTag(r[key]);
    if (tag) out[key] = tag;
  }
  const banner = typeof r.banner === "string" && BANNER.test(r.banner) ? r.banner : undefined;
  if (banner) out.banner = banner;
  const referrer = cleanDomain(r.referrer);
  if (referrer) out.referrer = referrer;
  if (r.eligibility === "1" || r.eligibility === 1 || r.eligibility === true) out.eligibility = "1";
  return out;
}

/** The UTM tags of a URL's query. */
export function utmOf(search: string): RequestSource {
  const params = new URLSearchParams(search);
  return cleanSource(Object.fromEntries(UTM_KEYS.map((k) => [k, params.get(k) ?? undefined])));
}

export function isEmptySource(source: RequestSource): boolean {
  return Object.keys(source).length === 0;
}
