import type { Route } from "./+types/admin.deadlines";
import { services } from "#app/lib/services.server.ts";
import { recordView } from "#app/features/access/access.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { answerFromForm, openDeadlines } from "#app/features/privacy-rights/deadlines.server.ts";
import { DeadlinesPage } from "#app/features/privacy-rights/DeadlinesPage.tsx";

/** Rights requests and complaints still to answer, by their deadlines (issue 28, point 5): administrators only. */
export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const rows = await openDeadlines(services(context).db);
  await recordView(context, { kind: "privacy_list", records: rows.map((r) => ({ kind: "rights", id: r.id })), detail: "deadlines" });
  return { title: consoleTitle(context, "deadlines.title"), rows };
}

export const meta = adminMeta;

/** Records an answer, which closes the request. */
export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return answerFromForm(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <DeadlinesPage rows={loaderData.rows} result={actionData} />;
}
