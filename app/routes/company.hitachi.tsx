import type { Route } from "./+types/company.hitachi";
import { notFoundData, pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedFormPage } from "#app/lib/cache.ts";
import { inquiryFormAction } from "#app/features/counter-inquiry/submit.server.ts";
import { counterOn, requireCounter } from "#app/features/counter-inquiry/module.server.ts";
import { CounterPage } from "#app/features/counter-inquiry/CounterPage.tsx";
import { NotFound } from "#app/features/layout/NotFound.tsx";

/** The cash counter's page; the site's not-found page (404) while the business has that line switched off (issue 47). */
export async function loader({ context }: Route.LoaderArgs) {
  if (!(await counterOn(context))) return notFoundData(context);
  return pageData(context, ["counter"], "companyHitachi");
}

/** The same for every visitor: the form's submission id is made in the browser (issue 13). */
export const headers = sharedFormPage();

/** The form posted without JavaScript (with it, the page calls /svc/as/create or /svc/purchase/create); 404 while the line is off. */
export async function action(args: Route.ActionArgs) {
  await requireCounter(args.context);
  return inquiryFormAction(args);
}

export const meta = pageMeta;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return "notFound" in loaderData ? <NotFound /> : <CounterPage result={actionData} />;
}
