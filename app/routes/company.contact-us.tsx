import type { Route } from "./+types/company.contact-us";
import { pageMeta } from "#app/lib/meta.ts";
import { newSubmissionId } from "#app/lib/submission.ts";
import { companyPageData } from "#app/features/company/page.server.ts";
import { proposalFormAction } from "#app/features/company/proposal.server.ts";
import { ContactPage } from "#app/features/company/ContactPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return { ...companyPageData(context, "companyContactUs", "contact"), submissionId: newSubmissionId() };
}

/** The form posted without JavaScript (with it, the page calls /svc/proposal/create). */
export const action = proposalFormAction;

export const meta = pageMeta;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage submissionId={loaderData.submissionId} result={actionData} />;
}
