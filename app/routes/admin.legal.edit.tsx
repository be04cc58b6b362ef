import { data } from "react-router";
import type { Route } from "./+types/admin.legal.edit";
import { services } from "#app/lib/services.server.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { earliestDay } from "#app/features/legal-versions/schema.ts";
import { findLegalVersion } from "#app/features/legal-versions/legal-versions.server.ts";
import { legalFactsOf } from "#app/features/products/products.server.ts";
import { legalVersionFormAction } from "#app/features/legal-versions/actions.server.ts";
import { LegalVersionEditPage } from "#app/features/legal-versions/LegalVersionEditPage.tsx";

/** A version: editable while not in force yet, read-only after (never changed once in force). */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const id = positiveId(params.id);
  const version = id ? await findLegalVersion(services(context).db, id) : null;
  if (!version) throw data(null, { status: 404 });
  const today = todayInSeoul();
  return {
    title: consoleTitle(context, "legal.title"),
    form: { ...version, earliest: { normal: earliestDay(today, false), significant: earliestDay(today, true) }, firstOwn: false, today },
  };
}

export const meta = adminMeta;

export function action({ request, params, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const { db } = services(context);
  return legalVersionFormAction(request, context, legalFactsOf(db), params.id);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <LegalVersionEditPage key={loaderData.form.id} form={loaderData.form} result={actionData} />;
}
