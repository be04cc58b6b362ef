import type { Route } from "./+types/admin.products.new";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { lenderChoices } from "#app/features/lenders/lenders.server.ts";
import { newProductAction } from "#app/features/products/actions.server.ts";
import { NewProductPage } from "#app/features/products/NewProductPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  return { title: consoleTitle(context, "products.newTitle"), lenders: await lenderChoices(services(context).db) };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return newProductAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <NewProductPage lenders={loaderData.lenders} result={actionData} />;
}
