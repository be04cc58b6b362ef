import { data } from "react-router";
import type { Route } from "./+types/our-products.eligibility";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { keptAnswer, sharedPage } from "#app/lib/cache.ts";
import { PageTitle } from "#app/features/site/PageTitle.tsx";
import { checkPage } from "#app/features/eligibility/eligibility.server.ts";
import { EligibilityCheck } from "#app/features/eligibility/EligibilityCheck.tsx";

/** Answers in the URL (or an operator's preview) are one visitor's: never kept by a browser or a shared cache. */
const PERSONAL_HEADERS = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const check = await checkPage(request, context);
  const page = { ...pageData(context, ["eligibility", "loans"], "productsEligibility"), ...check };
  // An answer rendered from its query alone may be kept by this server for the same query (ADR 0045); a preview never.
  return check.personal
    ? data(page, { headers: check.preview ? { ...PERSONAL_HEADERS, "X-Robots-Tag": "noindex, nofollow" } : keptAnswer() })
    : page;
}

export const meta = pageMeta;

/** The empty form is the same for every visitor of a language; a product change drops it everywhere (ADR 0021). */
const shared = sharedPage();
export const headers: Route.HeadersFunction = ({ loaderHeaders }) =>
  loaderHeaders.get("Cache-Control") ? Object.fromEntries(loaderHeaders.entries()) : shared();

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle withDescription />
      <EligibilityCheck
        products={loaderData.products}
        disclosures={loaderData.disclosures}
        today={loaderData.today}
        initial={loaderData.check.values}
        submitted={!loaderData.check.empty}
      />
    </>
  );
}
