import type { Route } from "./+types/information-service.loan";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { PageTitle } from "#app/features/site/PageTitle.tsx";
import { askedTerms, glossaryFor } from "#app/features/glossary/glossary.server.ts";
import { GlossaryChat } from "#app/features/glossary/GlossaryChat.tsx";

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
