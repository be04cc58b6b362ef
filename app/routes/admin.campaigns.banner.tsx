import { data } from "react-router";
import type { Route } from "./+types/admin.campaigns.banner";
import { services } from "#app/lib/services.server.ts";
import { productChoices } from "#app/features/products/products.server.ts";
import { consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { findBanner } from "#app/features/campaigns/campaigns.server.ts";
import { bannerAction } from "#app/features/campaigns/actions.server.ts";
import { BannerEditPage } from "#app/features/campaigns/BannerEditPage.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const products = await productChoices(services(context).db);
  if (params.id === "new") return { title: consoleTitle(context, "campaigns.banner.newTitle"), banner: null, products };
  const id = positiveId(params.id);
  const banner = id ? await findBanner(services(context).db, id) : null;
  if (!banner) throw data(null, { status: 404 });
  return { title: consoleTitle(context, "campaigns.banner.editTitle"), banner, products };
}

export const meta = adminMeta;

export function action({ request, params, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return bannerAction(request, context, params.id);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BannerEditPage key={loaderData.banner?.id ?? "new"} banner={loaderData.banner} products={loaderData.products} result={actionData} />
  );
}
