import type { Route } from "./+types/information-service.job-opportunities";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { TitledPage } from "#app/features/site/TitledPage.tsx";
import { jobsContentFor } from "#app/features/info/jobs.server.ts";
import { JobsPage } from "#app/features/info/JobsPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { ...pageData(context, ["info"], "infoJobs"), content: jobsContentFor(localeOf(context)) };
}

export const meta = pageMeta;
/** The same for every visitor of a language. */
export const headers = sharedPage();

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <TitledPage>
      <JobsPage content={loaderData.content} />
    </TitledPage>
  );
}
