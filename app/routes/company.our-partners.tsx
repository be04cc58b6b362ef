import type { Route } from "./+types/company.our-partners";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { services } from "#app/lib/services.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { liveLenders } from "#app/loans/lenders.server.ts";
import { companyPageData } from "#app/features/company/page.server.ts";
import { PartnersPage } from "#app/features/company/PartnersPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const lenders = await liveLenders(services(context).db, localeOf(context));
  return {
    ...companyPageData(context, "companyOurPartners", "partners"),
    lenders: lenders.map(({ id, name, legalName, logo, products }) => ({ id, name, legalName, logo, products })),
  };
}

export const meta = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PartnersPage lenders={loaderData.lenders} />;
}

/** The same for every visitor of a language: the server may keep it (ADR 0008), until the content version moves. */
export const headers = sharedPage();
