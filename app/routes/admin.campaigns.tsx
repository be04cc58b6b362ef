import type { Route } from "./+types/admin.campaigns";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { findPopup, listBanners } from "#app/features/campaigns/campaigns.server.ts";
import { listAction } from "#app/features/campaigns/actions.server.ts";
import { CampaignsPage } from "#app/features/campaigns/CampaignsPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const { db } = services(context);
  return { title: consoleTitle(context, "campaigns.title"), banners: await listBanners(db), popup: await findPopup(db) };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return listAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <CampaignsPage banners={loaderData.banners} popup={loaderData.popup} result={actionData} />;
}
