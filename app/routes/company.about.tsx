import type { Route } from "./+types/company.about";
import { pageMeta } from "#app/web/meta.ts";
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

/** The same for every visitor of a language: the server may keep it (ADR 0008). */
export const headers = sharedPage();
