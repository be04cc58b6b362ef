import { textChannelOn } from "#app/outbox/text.server.ts";
import { data, href, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/loan-consultation";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedFormPage } from "#app/lib/cache.ts";
import { useT } from "#app/i18n/useT.ts";
import { PageHeading } from "#app/ui/PageHeading.tsx";
import { POLICY_PARAM } from "#app/features/legal/links.ts";
import { ConsultationForm } from "#app/features/consultation/ConsultationForm.tsx";
import { consultationFormAction } from "#app/features/consultation/consultation.server.ts";
import { consultationFromCheck } from "#app/features/eligibility/eligibility.server.ts";
import { liveLenders } from "#app/loans/lenders.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { services } from "#app/lib/services.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const fromCheck = await consultationFromCheck(request, context);
  // The live products' lenders (issue 47): the notice names no other.
  const lenders = (await liveLenders(services(context).db, localeOf(context))).map(({ legalName, name }) => ({ legalName, name }));
  const page = { ...pageData(context, ["consultation"], "consultation"), fromCheck, lenders, texts: textChannelOn() };
  // Opened from the eligibility check: this visitor's answers, never shared.
  return fromCheck ? data(page, { headers: { "Cache-Control": "private, no-store" } }) : page;
}

export const action = consultationFormAction;

export const meta = pageMeta;

/** The same for every visitor: the form's submission id is made in the browser (issue 13); not when it carries a check. */
const shared = sharedFormPage();
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  loaderHeaders.get("Cache-Control") ? { "Cache-Control": "private, no-store" } : shared({ actionHeaders });

/** Opening a policy (?policy=…) changes nothing the loader makes: no refetch. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(POLICY_PARAM);
    return `${url.pathname}?${params.toString()}`;
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeading
        subtitle={
          <>
            {t("consultation.form.intro")} <Link to={href("/our-products/eligibility")}>{t("consultation.form.checkFirst")}</Link>
          </>
        }
      >
        {loaderData.title}
      </PageHeading>
      <ConsultationForm
        actionData={actionData ?? undefined}
        fromCheck={loaderData.fromCheck}
        lenders={loaderData.lenders}
        texts={loaderData.texts}
      />
    </>
  );
}
