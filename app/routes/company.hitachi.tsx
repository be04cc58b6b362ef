import type { Route } from "./+types/company.hitachi";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { newSubmissionId } from "~/lib/submission";
import { inquiryFormAction } from "~/features/counter-inquiry/submit.server";
import { CounterPage } from "~/features/counter-inquiry/CounterPage";

export function loader({ context }: Route.LoaderArgs) {
  return { ...pageData(context, ["counter"], "companyHitachi"), submissionId: newSubmissionId() };
}

/** The form posted without JavaScript (with it, the page calls /svc/as/create or /svc/purchase/create). */
export const action = inquiryFormAction;

export const meta = pageMeta;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <CounterPage submissionId={loaderData.submissionId} result={actionData} />;
}
