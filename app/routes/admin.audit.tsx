import type { Route } from "./+types/admin.audit";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { AUDIT_ACTIONS, listAudit } from "#app/features/audit/audit.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { AuditPage } from "#app/features/audit/AuditPage.tsx";

/** Administrators only (ADR 0022). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
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
