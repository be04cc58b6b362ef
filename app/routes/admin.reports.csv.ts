import type { Route } from "./+types/admin.reports.csv";
import { services } from "#app/lib/services.server.ts";
import { headerValue } from "#app/lib/header-value.server.ts";
import { consoleT } from "#app/features/console/console.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { adminOnly, requireOperatorData, signedIn } from "#app/features/console/guards.server.ts";
import { readPeriod } from "#app/features/reports/period.ts";
import { pipelineCsv } from "#app/features/reports/pipeline-csv.server.ts";

/**
 * GET /admin/reports/pipeline.csv?from=…&to=… → every consultation of the
 * period with the time it first reached each stage (no name, phone or note),
 * recorded in the audit log. Administrators only (ADR 0022).
 */
export const middleware: Route.MiddlewareFunction[] = [requireOperatorData, adminOnly];

export async function loader({ request, context }: Route.LoaderArgs) {
  const read = readPeriod(new URL(request.url).searchParams, new Date());
  if (!read.ok)
    return Response.json({ res_status: 400, message: "from and to (YYYY-MM-DD) are needed, from ≤ to", errors: {} }, { status: 400 });
  const { db, log } = services(context);
  const { period } = read;
  const result = await pipelineCsv(db, period, consoleT(context));
  await audit(db, signedIn(context), "export", null, `pipeline ${period.from} – ${period.to}`);
  log.info("admin.reports.csv", { rows: result.rows });
  return new Response(result.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": headerValue("attachment", `pipeline-${period.from}-${period.to}.csv`, { fallback: "pipeline.csv", log }),
      "Cache-Control": "private, no-store",
    },
  });
}
