import type { Route } from "./+types/information-service.loan";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { localeOf } from "~/i18n/route.server";
import { useT } from "~/i18n/useT";
import { PageHeading } from "~/ui/PageHeading";
import { askedTerms, glossaryFor } from "~/features/glossary/glossary.server";
import { GlossaryChat } from "~/features/glossary/GlossaryChat";

export function loader({ context, request }: Route.LoaderArgs) {
  const glossary = glossaryFor(localeOf(context));
  return { ...pageData(context, ["glossary"], "infoLoan"), glossary, asked: askedTerms(glossary, new URL(request.url)) };
}

export const meta = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeading subtitle={t("common.pages.infoLoan.description")}>{t("common.pages.infoLoan.title")}</PageHeading>
      <GlossaryChat glossary={loaderData.glossary} asked={loaderData.asked} />
    </>
  );
}
