import type { Route } from "./+types/information-service.job-opportunities";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { localeOf } from "~/i18n/route.server";
import { TitledPage } from "~/features/info/TitledPage";
import { jobsContentFor } from "~/features/info/jobs.server";
import { JobsPage } from "~/features/info/JobsPage";

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
