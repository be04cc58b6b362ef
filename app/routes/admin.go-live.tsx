import { data } from "react-router";
import type { Route } from "./+types/admin.go-live";
import { consoleForm, consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { serverFindings } from "#app/features/go-live/remote.server.ts";
import { GoLivePage, TEST_ALERTS_INTENT } from "#app/features/go-live/GoLivePage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  return { title: consoleTitle(context, "golive.title"), findings: await serverFindings(context, { testAlerts: false }) };
}

/**
 * "Send a test alert now": the same check, with a test message through every configured channel.
 * Only that button's post does it: any other body is a 400 and sends nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const { form } = await consoleForm(request, context);
  if (form.get("intent") !== TEST_ALERTS_INTENT) throw data({ res_status: 400, message: "intent", errors: {} }, { status: 400 });
  return { tested: true as const, findings: await serverFindings(context, { testAlerts: true }) };
}

export const meta = adminMeta;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <GoLivePage findings={actionData?.findings ?? loaderData.findings} alertsTested={!!actionData?.tested} />;
}
