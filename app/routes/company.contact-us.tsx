import type { Route } from "./+types/company.contact-us";
import { withStatusLinkStrings } from "#app/requests/status-answer.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedFormPage } from "#app/lib/cache.ts";
import { companyPageData } from "#app/features/company/page.server.ts";
import { proposalFormAction } from "#app/features/company/proposal.server.ts";
import { ContactPage } from "#app/features/company/ContactPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return withStatusLinkStrings(context, companyPageData(context, "companyContactUs", "contact"));
}

/** The same for every visitor: the form's submission id is made in the browser (issue 13). */
export const headers = sharedFormPage();

/** The form posted without JavaScript (with it, the page calls /svc/proposal/create). */
export const action = proposalFormAction;

export const meta = pageMeta;

export default function Page({ actionData }: Route.ComponentProps) {
  return <ContactPage result={actionData} />;
}
