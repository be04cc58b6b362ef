import type { Route } from "./+types/admin.audit";
import { services } from "~/lib/services.server";
import { consoleTitle } from "~/features/admin/console.server";
import { AUDIT_ACTIONS, listAudit } from "~/features/admin/audit.server";
import { adminMeta } from "~/features/admin/meta";
import { AuditPage } from "~/features/admin/AuditPage";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const action = AUDIT_ACTIONS.find((a) => a === params.get("action"));
  const page = Number(params.get("page")) || 1;
  const result = await listAudit(services(context).db, { page, action });
  return { title: consoleTitle(context, "audit.title"), ...result, action, actions: AUDIT_ACTIONS };
}

export const meta = adminMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AuditPage data={loaderData} />;
}
