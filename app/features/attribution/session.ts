import {
  cleanSource,
  ELIGIBILITY_PATH,
  isEmptySource,
  referrerDomain,
  utmOf,
  type RequestSource,
} from "#app/features/attribution/source.ts";

/**
 * The tab's memory of where the visit came from (issue 28): sessionStorage
 * only — no cookie, nothing sent anywhere until a request is, gone when the
 * tab closes. Storage may be unavailable (private mode): then nothing is kept.
 */
const KEY = "request-source";

export function readSource(): RequestSource {
  try {
    return cleanSource(JSON.parse(sessionStorage.getItem(KEY) ?? "{}"));
  } catch {
    return {};
  }
}

function write(source: RequestSource) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(source));
  } catch {
    // Storage unavailable: attribution is best effort.
  }
}

/**
 * On each page the tab shows: the first landing's UTM tags and referring
 * domain are kept (a later landing with tags replaces them: a new campaign
 * brought the visitor back), and a visit to the eligibility check is noted.
 */
export function rememberLanding(location: { pathname: string; search: string }, referrer: string, ownHost: string) {
  const current = readSource();
  const utm = utmOf(location.search);
  const landing: RequestSource = isEmptySource(utm) ? {} : { ...utm };
  const fromSite = referrerDomain(referrer, ownHost);
  if (fromSite) landing.referrer = fromSite;
  const next: RequestSource = { ...current };
  if (!isEmptySource(utm)) {
    delete next.utm_source;
    delete next.utm_medium;
    delete next.utm_campaign;
  }
  Object.assign(next, landing);
  if (location.pathname === ELIGIBILITY_PATH || location.pathname.startsWith(`${ELIGIBILITY_PATH}/`)) next.eligibility = "1";
  if (JSON.stringify(next) !== JSON.stringify(current)) write(next);
}

/** A partner banner was tapped: the latest tap counts. */
export function rememberBannerTap(partnerKey: string) {
  write(cleanSource({ ...readSource(), banner: partnerKey }));
}
