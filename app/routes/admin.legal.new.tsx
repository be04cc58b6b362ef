import { data } from "react-router";
import type { Route } from "./+types/admin.legal.new";
import { services } from "#app/lib/services.server.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { isPolicyKind } from "#app/features/legal/links.ts";
import { earliestDay } from "#app/features/legal-versions/schema.ts";
import { textsInForce } from "#app/features/legal-versions/legal-versions.server.ts";
import { legalVersionFormAction } from "#app/features/legal-versions/actions.server.ts";
import { LegalVersionEditPage } from "#app/features/legal-versions/LegalVersionEditPage.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const kind = new URL(request.url).searchParams.get("kind");
  if (!isPolicyKind(kind)) throw data(null, { status: 404 });
  const today = todayInSeoul();
  return {
    title: consoleTitle(context, "legal.title"),
    form: {
      kind,
      id: null,
      editable: true,
      values: { kind, effective_on: "", significant: "", ...(await textsInForce(services(context).db, kind)) },
      earliest: { normal: earliestDay(today, false), significant: earliestDay(today, true) },
    },
  };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return legalVersionFormAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <LegalVersionEditPage key={loaderData.form.kind} form={loaderData.form} result={actionData} />;
}
