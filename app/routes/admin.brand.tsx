import type { Route } from "./+types/admin.brand";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { businessBrand } from "#app/business/brand.server.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { brandFields } from "#app/features/brand-settings/schema.ts";
import { brandAction } from "#app/features/brand-settings/actions.server.ts";
import { BrandPage } from "#app/features/brand-settings/BrandPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const db = services(context).db;
  const brand = await businessBrand(db);
  const identity = await businessIdentity(db);
  return { title: consoleTitle(context, "brand.title"), stored: brandFields(brand), brand, tradeName: identity.tradeNameEn };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return brandAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <BrandPage stored={loaderData.stored} brand={loaderData.brand} tradeName={loaderData.tradeName} result={actionData} />;
}
