import type { Route } from "./+types/information-service.loan";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { PageTitle } from "#app/features/site/PageTitle.tsx";
import { askedTerms, glossaryFor, glossaryWithFigures } from "#app/features/glossary/glossary.server.ts";
import { liveFigures } from "#app/features/products/products.server.ts";
import { liveRateItems } from "#app/features/products/rate-items.server.ts";
import { services } from "#app/lib/services.server.ts";
import { GlossaryChat } from "#app/features/glossary/GlossaryChat.tsx";

/** The amounts and rates it states are the live products' (issue 47): a product change clears the kept page (content version). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const glossary = glossaryWithFigures(glossaryFor(locale), await liveFigures(services(context).db, locale));
  const rateItems = await liveRateItems(services(context).db, locale);
  return { ...pageData(context, ["glossary"], "infoLoan"), glossary, rateItems, asked: askedTerms(glossary, new URL(request.url)) };
}

export const meta = pageMeta;
/** The same for every visitor of a language. */
export const headers = sharedPage();

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle withDescription />
      <GlossaryChat glossary={loaderData.glossary} asked={loaderData.asked} rateItems={loaderData.rateItems} />
    </>
  );
}
