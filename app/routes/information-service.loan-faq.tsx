import type { Route } from "./+types/information-service.loan-faq";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { PageTitle } from "#app/features/site/PageTitle.tsx";
import { activeCategory, loanFaqFor, loanFaqWithFigures } from "#app/features/loan-faq/loan-faq.server.ts";
import { liveFigures } from "#app/features/products/products.server.ts";
import { liveRateItems } from "#app/features/products/rate-items.server.ts";
import { services } from "#app/lib/services.server.ts";
import { LoanFaq } from "#app/features/loan-faq/LoanFaq.tsx";

/** The amounts and rates it states are the live products' (issue 47): a product change clears the kept page (content version). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const faq = loanFaqWithFigures(loanFaqFor(locale), await liveFigures(services(context).db, locale));
  const rateItems = await liveRateItems(services(context).db, locale);
  return { ...pageData(context, ["loanFaq"], "infoLoanFaq"), faq, rateItems, category: activeCategory(faq, new URL(request.url)) };
}

export const meta = pageMeta;
/** The same for every visitor of a language. */
export const headers = sharedPage();

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle withDescription />
      {/* A new ?category= from a link starts from that category. */}
      <LoanFaq key={loaderData.category} faq={loaderData.faq} initialCategory={loaderData.category} rateItems={loaderData.rateItems} />
    </>
  );
}
