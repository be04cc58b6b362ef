import type { Route } from "./+types/admin.legal";
import { services } from "#app/lib/services.server.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { listLegalVersions } from "#app/features/legal-versions/legal-versions.server.ts";
import { legalListAction } from "#app/features/legal-versions/actions.server.ts";
import { LegalVersionsPage, type LegalDone } from "#app/features/legal-versions/LegalVersionsPage.tsx";

const DONE: readonly LegalDone[] = ["scheduled", "published", "updated", "withdrawn"];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const done = new URL(request.url).searchParams.get("done");
  return {
    title: consoleTitle(context, "legal.title"),
    versions: await listLegalVersions(services(context).db),
    today: todayInSeoul(),
    done: DONE.find((d) => d === done) ?? null,
  };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return legalListAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <LegalVersionsPage versions={loaderData.versions} today={loaderData.today} done={loaderData.done} result={actionData} />;
}
