import type { Route } from "./+types/company.our-partners";
import { pageMeta } from "~/lib/meta";
import { companyPageData } from "~/features/company/page.server";
import { PartnersPage } from "~/features/company/PartnersPage";

export function loader({ context }: Route.LoaderArgs) {
  return companyPageData(context, "companyOurPartners", "partners");
}

export const meta = pageMeta;

export default function Page() {
  return <PartnersPage />;
}
