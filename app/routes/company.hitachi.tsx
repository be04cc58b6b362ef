import type { Route } from "./+types/company.hitachi";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedFormPage } from "#app/lib/cache.ts";
import { inquiryFormAction } from "#app/features/counter-inquiry/submit.server.ts";
import { CounterPage } from "#app/features/counter-inquiry/CounterPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, ["counter"], "companyHitachi");
}

/** The same for every visitor: the form's submission id is made in the browser (issue 13). */
export const headers = sharedFormPage();

/** The form posted without JavaScript (with it, the page calls /svc/as/create or /svc/purchase/create). */
export const action = inquiryFormAction;

export const meta = pageMeta;

export default function Page({ actionData }: Route.ComponentProps) {
  return <CounterPage result={actionData} />;
}
