import type { Route } from "./+types/information-service.loan-faq";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { localeOf } from "~/i18n/route.server";
import { useT } from "~/i18n/useT";
import { PageHeading } from "~/ui/PageHeading";
import { activeCategory, loanFaqFor } from "~/features/loan-faq/loan-faq.server";
import { LoanFaq } from "~/features/loan-faq/LoanFaq";

export function loader({ context, request }: Route.LoaderArgs) {
  const faq = loanFaqFor(localeOf(context));
  return { ...pageData(context, ["loanFaq"], "infoLoanFaq"), faq, category: activeCategory(faq, new URL(request.url)) };
}

export const meta = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeading subtitle={t("common.pages.infoLoanFaq.description")}>{t("common.pages.infoLoanFaq.title")}</PageHeading>
      {/* A new ?category= from a link starts from that category. */}
      <LoanFaq key={loaderData.category} faq={loaderData.faq} initialCategory={loaderData.category} />
    </>
  );
}
