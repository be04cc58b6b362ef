import type { Route } from "./+types/admin.products";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { listProducts } from "#app/features/products/products.server.ts";
import { productListAction } from "#app/features/products/actions.server.ts";
import { ProductsPage } from "#app/features/products/ProductsPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  return { title: consoleTitle(context, "products.title"), products: await listProducts(services(context).db) };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return productListAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductsPage products={loaderData.products} result={actionData} />;
}
