import type { Route } from "./+types/company.contact-us";
import { pageMeta } from "~/lib/meta";
import { newSubmissionId } from "~/lib/submission";
import { companyPageData } from "~/features/company/page.server";
import { proposalFormAction } from "~/features/company/proposal.server";
import { ContactPage } from "~/features/company/ContactPage";

export function loader({ context }: Route.LoaderArgs) {
  return { ...companyPageData(context, "companyContactUs", "contact"), submissionId: newSubmissionId() };
}

/** The form posted without JavaScript (with it, the page calls /svc/proposal/create). */
export const action = proposalFormAction;

export const meta = pageMeta;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage submissionId={loaderData.submissionId} result={actionData} />;
}
