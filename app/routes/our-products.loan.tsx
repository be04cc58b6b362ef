import type { Route } from "./+types/our-products.loan";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { localeOf, tFor } from "#app/i18n/route.server.ts";
import { TitledPage } from "#app/features/site/TitledPage.tsx";
import { initialVideoLang, videoFor } from "#app/features/loan-guide/videos.ts";
import { LoanGuide } from "#app/features/loan-guide/LoanGuide.tsx";
import { services } from "#app/lib/services.server.ts";
import { liveFigures, loanAds, type LoanAds } from "#app/features/products/products.server.ts";
import { liveRateItems } from "#app/features/products/rate-items.server.ts";
import { adDisclosure } from "#app/loans/disclosure-text.server.ts";
import type { DisclosureText } from "#app/loans/disclosure.ts";
import { publicCampaigns } from "#app/features/campaigns/campaigns.server.ts";
import { ProductAd, ProductMissing } from "#app/loans/ProductAd.tsx";
import page from "#app/ui/Page.module.css";

/**
 * The loan page; with `?product=<key>` (where a partner banner leads, issue
 * 35) it first shows that product with its full disclosure and then the way
 * on to the lender through a live banner's `/go/<key>`. An unknown or
 * withdrawn product shows a line saying so, and the guide.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOf(context);
  const key = url.searchParams.get("product");
  let product:
    | {
        ad: Pick<LoanAds["products"][string], "name" | "rateMinBp" | "rateMaxBp" | "terms">;
        disclosure: DisclosureText;
        lenderLink: string | null;
      }
    | { missing: true }
    | null = null;
  if (key) {
    const { db } = services(context);
    const ads = await loanAds(db, locale);
    const ad = ads.products[key];
    const disclosure = adDisclosure(ads, locale, key);
    const banner = ad ? (await publicCampaigns(db, locale)).banners.find((b) => b.productKey === key) : undefined;
    product =
      ad && disclosure
        ? {
            ad: { name: ad.name, rateMinBp: ad.rateMinBp, rateMaxBp: ad.rateMaxBp, terms: ad.terms },
            disclosure,
            lenderLink: banner ? `/go/${banner.key}` : null,
          }
        : { missing: true as const };
  }
  // What the live products lend, as a finished sentence (issue 47); none when nothing is live.
  const figures = await liveFigures(services(context).db, locale);
  return {
    ...pageData(context, ["guide", "loans"], "productsLoan"),
    videoLang: initialVideoLang(url, locale),
    product,
    figures: figures ? tFor(context)("guide.figures", figures) : null,
    rateItems: figures ? await liveRateItems(services(context).db, locale) : null,
  };
}

/** The video's poster is the page's largest paint, and a poster is not seen by the preload scanner: fetch it first. */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args),
  ...(args.loaderData
    ? [
        {
          tagName: "link",
          rel: "preload",
          as: "image",
          href: videoFor(args.loaderData.videoLang).poster,
          type: "image/webp",
          fetchPriority: "high",
        },
      ]
    : []),
];
/** The same for every visitor of a language. */
export const headers = sharedPage();

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <TitledPage>
      {loaderData.product ? (
        // In the page's content column, as the guide below it.
        <div className={page.page}>
          {"ad" in loaderData.product ? (
            <ProductAd
              product={loaderData.product.ad}
              disclosure={loaderData.product.disclosure}
              lenderLink={loaderData.product.lenderLink}
            />
          ) : (
            <ProductMissing />
          )}
        </div>
      ) : null}
      <LoanGuide
        key={loaderData.videoLang}
        initialLang={loaderData.videoLang}
        figures={loaderData.figures}
        rateItems={loaderData.rateItems}
      />
    </TitledPage>
  );
}
