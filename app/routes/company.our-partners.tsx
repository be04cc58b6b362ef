import type { Route } from "./+types/company.our-partners";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { companyPageData } from "~/features/company/page.server";
import { PartnersPage } from "~/features/company/PartnersPage";

export function loader({ context }: Route.LoaderArgs) {
  return companyPageData(context, "companyOurPartners", "partners");
}

export const meta = pageMeta;

export default function Page() {
  return <PartnersPage />;
}

/** The same for every visitor of a language (per-visitor parts, like the event popup, run in the browser). */
export const headers = sharedPage();
