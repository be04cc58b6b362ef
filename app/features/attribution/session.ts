import { ELIGIBILITY_PATH } from "#app/requests/source.ts";

/**
 * The tab's memory of where the visit came from (issue 28): sessionStorage
 * only — no cookie, nothing sent anywhere until a request is, gone when the
 * tab closes. Storage may be unavailable (private mode): then nothing is kept.
 * Kept as seen, small on purpose (it is in every page's first-load script):
 * the server cleans what a request brings (source.ts, `cleanSource`).
 */
const KEY = "request-source";
type Memory = Record<string, string>;

export function readSource(): Memory {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? "{}");
    return value && typeof value === "object" ? (value as Memory) : {};
  } catch {
    return {};
  }
}

function write(source: Memory) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(source));
  } catch {
    // Storage unavailable: attribution is best effort.
  }
}

/**
 * On each page the tab shows: a landing with UTM tags replaces the tags kept
 * (a new campaign brought the visitor back), a referrer from another site is
 * kept by its host name only, and a visit to the eligibility check is noted.
 */
export function rememberLanding(location: { pathname: string; search: string }, referrer: string, ownHost: string) {
  const memory = readSource();
  const next: Memory = { ...memory };
  const params = new URLSearchParams(location.search);
  const tags = ["utm_source", "utm_medium", "utm_campaign"];
  if (tags.some((k) => params.get(k))) for (const k of tags) next[k] = (params.get(k) ?? "").slice(0, 100);
  try {
    const from = new URL(referrer);
    if (from.host !== ownHost) next.referrer = from.hostname;
  } catch {
    // No referrer, or not a URL.
  }
  if (location.pathname.startsWith(ELIGIBILITY_PATH)) next.eligibility = "1";
  if (JSON.stringify(next) !== JSON.stringify(memory)) write(next);
}

/** A partner banner was tapped: the latest tap counts. */
export function rememberBannerTap(partnerKey: string) {
  write({ ...readSource(), banner: partnerKey });
}
