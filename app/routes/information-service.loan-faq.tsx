import type { Route } from "./+types/information-service.loan-faq";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { localeOf } from "~/i18n/route.server";
import { PageTitle } from "~/features/layout/PageTitle";
import { activeCategory, loanFaqFor } from "~/features/loan-faq/loan-faq.server";
import { LoanFaq } from "~/features/loan-faq/LoanFaq";

export function loader({ context, request }: Route.LoaderArgs) {
  const faq = loanFaqFor(localeOf(context));
  return { ...pageData(context, ["loanFaq"], "infoLoanFaq"), faq, category: activeCategory(faq, new URL(request.url)) };
}

export const meta = pageMeta;
/** The same for every visitor of a language. */
export const headers = sharedPage();

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle withDescription />
      {/* A new ?category= from a link starts from that category. */}
      <LoanFaq key={loaderData.category} faq={loaderData.faq} initialCategory={loaderData.category} />
    </>
  );
}
