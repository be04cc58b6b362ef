import type { Route } from "./+types/company.hitachi";
import { pageData } from "#app/lib/page.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { newSubmissionId } from "#app/lib/submission.ts";
import { inquiryFormAction } from "#app/features/counter-inquiry/submit.server.ts";
import { CounterPage } from "#app/features/counter-inquiry/CounterPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { ...pageData(context, ["counter"], "companyHitachi"), submissionId: newSubmissionId() };
}

/** The form posted without JavaScript (with it, the page calls /svc/as/create or /svc/purchase/create). */
export const action = inquiryFormAction;

export const meta = pageMeta;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <CounterPage submissionId={loaderData.submissionId} result={actionData} />;
}
