import { data } from "react-router";
import type { Route } from "./+types/home";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { HomePage, HERO_IMAGE } from "#app/features/home/HomePage.tsx";
import { homeCampaigns } from "#app/features/campaigns/home.server.ts";
import { publicClaims } from "#app/features/home-claims/home-claims.server.ts";
import { StatsBanner } from "#app/features/home-claims/StatsBanner.tsx";
import { Testimonials } from "#app/features/home-claims/Testimonials.tsx";
import { loanAds } from "#app/features/products/products.server.ts";
import { adDisclosure, daebuMarkText } from "#app/loans/disclosure-text.server.ts";
import { formatRateRange } from "#app/loans/rate.ts";
import { formatDay } from "#app/i18n/intl.ts";
import { services } from "#app/lib/services.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import type { PublicBanner, PublicPopup } from "#app/features/campaigns/model.ts";

const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const all = await homeCampaigns(request, context);
  const locale = localeOf(context);
  const ads = await loanAds(services(context).db, locale);
  // A rate is shown only with its disclosure: an ad whose product is not live (withdrawn, approval run out) is left out.
  const shown = (ad: { productKey: string } | null) => !!ad && (!!ads.products[ad.productKey] || all.preview);
  // Each ad with its disclosure as finished text (ADR 0045): the browser gets strings, no formatting code.
  const withDisclosure = <T extends PublicBanner | PublicPopup>(ad: T) => ({
    ...ad,
    disclosure: adDisclosure(ads, locale, ad.productKey, ad.approval),
  });
  // A banner shows its product's rate, day and lender as its block does: one source, one formatter (review N14).
  const asItsProduct = (banner: PublicBanner): PublicBanner => {
    const product = ads.products[banner.productKey];
    if (!product) return banner;
    return {
      ...banner,
      rate: formatRateRange(locale, product.rateMinBp, product.rateMaxBp),
      rateDate: product.rateDate,
      rateDay: formatDay(locale, product.rateDate),
      lender: product.terms.lenderName,
    };
  };
  const campaigns = {
    ...all,
    banners: all.banners.filter(shown).map(asItsProduct).map(withDisclosure),
    popup: all.popup && shown(all.popup) ? withDisclosure(all.popup) : null,
  };
  const claims = await publicClaims(services(context).db, locale);
  // With a 대부중개업 registration: the 상호 and its number on the first screen (대부업법 시행령 별표 1, ADR 0051).
  const daebuMark = daebuMarkText(locale, ads.broker);
  const page = { ...pageData(context, ["home", "loans"], "home"), campaigns, claims, daebuMark };
  return campaigns.preview ? data(page, { headers: PREVIEW_HEADERS }) : page;
}

/** The hero image is the page's largest paint: fetch it first (a link through meta: docs/decisions/0009). */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args),
  { tagName: "link", rel: "preload", as: "image", href: HERO_IMAGE, type: "image/svg+xml", fetchPriority: "high" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  const { figures, reviews } = loaderData.claims;
  return (
    <HomePage
      campaigns={loaderData.campaigns}
      daebuMark={loaderData.daebuMark}
      figures={figures ? <StatsBanner figures={figures} /> : null}
      reviews={reviews ? <Testimonials reviews={reviews} /> : null}
    />
  );
}

/**
 * The same for every visitor of a language (per-visitor parts, like the event
 * popup, run in the browser); a campaign edit drops it on every instance
 * (ADR 0021). An operator's preview with drafts is never kept.
 */
const shared = sharedPage();
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => (loaderHeaders.get("Cache-Control") ? PREVIEW_HEADERS : shared());
