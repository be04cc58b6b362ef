import type { Route } from "./+types/company.about";
import { pageMeta } from "~/lib/meta";
import { companyPageData } from "~/features/company/page.server";
import { AboutPage } from "~/features/company/AboutPage";

export function loader({ context }: Route.LoaderArgs) {
  return companyPageData(context, "companyAbout", "about");
}

export const meta = pageMeta;

export default function Page() {
  return <AboutPage />;
}
