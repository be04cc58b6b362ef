import type { Route } from "./+types/admin.lenders";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { listLenders } from "#app/features/lenders/lenders.server.ts";
import { lenderListAction } from "#app/features/lenders/actions.server.ts";
import { LendersPage } from "#app/features/lenders/LendersPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  return { title: consoleTitle(context, "lenders.title"), lenders: await listLenders(services(context).db) };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return lenderListAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <LendersPage lenders={loaderData.lenders} result={actionData} />;
}
