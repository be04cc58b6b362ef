import type { Route } from "./+types/admin.calendar";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { calendarPage } from "#app/features/business-calendar/calendar.server.ts";
import { calendarAction } from "#app/features/business-calendar/actions.server.ts";
import { CalendarPage } from "#app/features/business-calendar/CalendarPage.tsx";

/** The business calendar (issue 36): administrators only (ADR 0022). */
export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  return { title: consoleTitle(context, "calendar.title"), ...(await calendarPage(services(context).db)) };
}

export const meta = adminMeta;

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return calendarAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <CalendarPage data={loaderData} result={actionData} />;
}
