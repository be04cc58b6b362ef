import type { Route } from "./+types/company.our-partners";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { companyPageData } from "#app/features/company/page.server.ts";
import { PartnersPage } from "#app/features/company/PartnersPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return companyPageData(context, "companyOurPartners", "partners");
}

export const meta = pageMeta;

export default function Page() {
  return <PartnersPage />;
}

/** The same for every visitor of a language: the server may keep it (ADR 0008). */
export const headers = sharedPage();
