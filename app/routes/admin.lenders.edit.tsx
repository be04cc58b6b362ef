import { data } from "react-router";
import type { Route } from "./+types/admin.lenders.edit";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { findLender } from "#app/features/lenders/lenders.server.ts";
import { lenderEditAction } from "#app/features/lenders/actions.server.ts";
import { LenderEditPage } from "#app/features/lenders/LenderEditPage.tsx";

/** /admin/lenders/new and /admin/lenders/:id: one form, empty or the lender's. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const title = consoleTitle(context, "lenders.title");
  if (params.id === undefined) return { title, lender: null, created: false };
  const id = positiveId(params.id);
  const lender = id ? await findLender(services(context).db, id) : null;
  if (!lender) throw data(null, { status: 404 });
  return { title, lender, created: new URL(request.url).searchParams.has("created") };
}

export const meta = adminMeta;

export function action({ request, params, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return lenderEditAction(request, context, params.id);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LenderEditPage key={loaderData.lender?.id ?? "new"} lender={loaderData.lender} result={actionData} created={loaderData.created} />
  );
}
