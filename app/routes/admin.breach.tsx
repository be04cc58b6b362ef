import { data } from "react-router";
import type { Route } from "./+types/admin.breach";
import { services } from "#app/lib/services.server.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { consoleForm, consoleT, consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { breachAction, breachPageData } from "#app/features/breach/console.server.ts";
import { BreachPage, type BreachResult } from "#app/features/breach/BreachPage.tsx";

/** /admin/breach: the leak runbook in the console (issue 52 item 4, docs/breach.md). Administrators only. */
export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  return { title: consoleTitle(context, "breach.title"), incidents: await breachPageData(services(context).db, consoleT(context)) };
}

export const meta = adminMeta;

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const { form, who } = await consoleForm(request, context, 8 * 1024);
  const { result, status } = await breachAction(services(context).db, who, form);
  return data<BreachResult>(result, { status });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <BreachPage incidents={loaderData.incidents} result={actionData} />;
}
