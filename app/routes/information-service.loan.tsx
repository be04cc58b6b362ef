import type { Route } from "./+types/information-service.loan";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { localeOf } from "~/i18n/route.server";
import { PageTitle } from "~/features/layout/PageTitle";
import { askedTerms, glossaryFor } from "~/features/glossary/glossary.server";
import { GlossaryChat } from "~/features/glossary/GlossaryChat";

export function loader({ context, request }: Route.LoaderArgs) {
  const glossary = glossaryFor(localeOf(context));
  return { ...pageData(context, ["glossary"], "infoLoan"), glossary, asked: askedTerms(glossary, new URL(request.url)) };
}

export const meta = pageMeta;
/** The same for every visitor of a language. */
export const headers = sharedPage();

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle withDescription />
      <GlossaryChat glossary={loaderData.glossary} asked={loaderData.asked} />
    </>
  );
}
