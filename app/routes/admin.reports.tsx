import { data } from "react-router";
import type { Route } from "./+types/admin.reports";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { seoulDay } from "#app/lib/seoul-time.ts";
import { readPeriod } from "#app/features/reports/period.ts";
import { isSplit } from "#app/features/reports/figures.ts";
import { buildReport } from "#app/features/reports/reports.server.ts";
import { ReportsPage } from "#app/features/reports/ReportsPage.tsx";

/** The pipeline's figures for a period (issue 26, item 4). Administrators only (ADR 0022). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const read = readPeriod(params, now);
  const splitParam = params.get("by") || "all";
  const split = isSplit(splitParam) ? splitParam : "all";
  const report = await buildReport(services(context).db, read.period, split);
  const error = read.ok ? (isSplit(splitParam) ? undefined : ("reports.error.split" as const)) : read.error;
  const payload = { title: consoleTitle(context, "reports.title"), report, error, today: seoulDay(now) };
  return error ? data(payload, { status: 400 }) : payload;
}

export const meta = adminMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ReportsPage data={loaderData} />;
}
