import type { Route } from "./+types/admin.export";
import { services } from "#app/lib/services.server.ts";
import { recordView } from "#app/features/access/access.server.ts";
import { headerValue } from "#app/lib/header-value.server.ts";
import { consoleT } from "#app/features/console/console.server.ts";
import { exportRequests } from "#app/features/pipeline/export.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { isRequestKind } from "#app/requests/kinds.ts";
import { isIsoDay } from "#app/lib/seoul-time.ts";
import { adminOnly, requireOperatorData, signedIn } from "#app/features/console/guards.server.ts";

/**
 * GET /admin/export?kind=consultation&from=2026-11-01&to=2026-11-30 → a CSV
 * download (UTF-8 with BOM), recorded in the audit log for every record in it.
 * Administrators only (ADR 0022).
 */
export const middleware: Route.MiddlewareFunction[] = [requireOperatorData, adminOnly];

export async function loader({ request, context }: Route.LoaderArgs) {
  const who = signedIn(context);
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind");
  const from = params.get("from") || undefined;
  const to = params.get("to") || undefined;
  if (!isRequestKind(kind) || (from && !isIsoDay(from)) || (to && !isIsoDay(to)) || (from && to && from > to)) {
    return Response.json({ res_status: 400, message: "kind, from and to (YYYY-MM-DD) are needed", errors: {} }, { status: 400 });
  }
  const { db, log } = services(context);
  const result = await exportRequests(db, kind, { from, to }, consoleT(context));
  const range = `${kind} ${from ?? "…"} – ${to ?? "…"}`;
  await audit(db, who, "export", result.ids.length ? result.ids.map((id) => ({ kind, id })) : null, range);
  await recordView(context, { kind: "export", records: result.ids.map((id) => ({ kind, id })), detail: range });
  log.info("admin.export", { kind, rows: result.ids.length });
  return new Response(result.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": headerValue("attachment", result.filename, { fallback: "export.csv", log }),
      "Cache-Control": "private, no-store",
    },
  });
}
