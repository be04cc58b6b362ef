import { data } from "react-router";
import type { Route } from "./+types/admin.campaigns.popup";
import { services } from "#app/lib/services.server.ts";
import { productChoices } from "#app/features/products/products.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { findPopup } from "#app/features/campaigns/campaigns.server.ts";
import { popupAction } from "#app/features/campaigns/actions.server.ts";
import { PopupEditPage } from "#app/features/campaigns/PopupEditPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const popup = await findPopup(services(context).db);
  if (!popup) throw data(null, { status: 404 });
  return { title: consoleTitle(context, "campaigns.popup.title"), popup, products: await productChoices(services(context).db) };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return popupAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <PopupEditPage popup={loaderData.popup} products={loaderData.products} result={actionData} />;
}
