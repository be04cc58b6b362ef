import type { Route } from "./+types/company.about";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { companyPageData } from "~/features/company/page.server";
import { AboutPage } from "~/features/company/AboutPage";

export function loader({ context }: Route.LoaderArgs) {
  return companyPageData(context, "companyAbout", "about");
}

export const meta = pageMeta;

export default function Page() {
  return <AboutPage />;
}

/** The same for every visitor of a language (per-visitor parts, like the event popup, run in the browser). */
export const headers = sharedPage();
