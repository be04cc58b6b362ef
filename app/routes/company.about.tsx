import type { Route } from "./+types/company.about";
import { pageMeta } from "#app/lib/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { companyPageData } from "#app/features/company/page.server.ts";
import { AboutPage } from "#app/features/company/AboutPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return companyPageData(context, "companyAbout", "about");
}

export const meta = pageMeta;

export default function Page() {
  return <AboutPage />;
}

/** The same for every visitor of a language (per-visitor parts, like the event popup, run in the browser). */
export const headers = sharedPage();
