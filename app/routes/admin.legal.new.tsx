import { data } from "react-router";
import type { Route } from "./+types/admin.legal.new";
import { services } from "#app/lib/services.server.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { isPolicyKind } from "#app/features/legal/links.ts";
import { earliestDay } from "#app/features/legal-versions/schema.ts";
import { hasOwnVersion, textsInForce } from "#app/features/legal-versions/legal-versions.server.ts";
import { legalFactsOf } from "#app/features/products/products.server.ts";
import { legalVersionFormAction } from "#app/features/legal-versions/actions.server.ts";
import { LegalVersionEditPage } from "#app/features/legal-versions/LegalVersionEditPage.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const kind = new URL(request.url).searchParams.get("kind");
  if (!isPolicyKind(kind)) throw data(null, { status: 404 });
  const today = todayInSeoul();
  const db = services(context).db;
  // A document with only the seed's versions: the business's first own version, in force today unless the operator picks a later day.
  const firstOwn = !(await hasOwnVersion(db, kind));
  return {
    title: consoleTitle(context, "legal.title"),
    form: {
      kind,
      id: null,
      editable: true,
      values: { kind, effective_on: firstOwn ? today : "", significant: "", ...(await textsInForce(db, kind)) },
      earliest: { normal: earliestDay(today, false), significant: earliestDay(today, true) },
      firstOwn,
      today,
    },
  };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const { db } = services(context);
  return legalVersionFormAction(request, context, legalFactsOf(db));
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <LegalVersionEditPage key={loaderData.form.kind} form={loaderData.form} result={actionData} />;
}
