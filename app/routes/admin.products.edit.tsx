import { data } from "react-router";
import type { Route } from "./+types/admin.products.edit";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { findProduct } from "#app/features/products/products.server.ts";
import { productEditAction } from "#app/features/products/actions.server.ts";
import { ProductEditPage } from "#app/features/products/ProductEditPage.tsx";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const id = positiveId(params.id);
  const product = id ? await findProduct(services(context).db, id) : null;
  if (!product) throw data(null, { status: 404 });
  return { title: consoleTitle(context, "products.title"), product, created: new URL(request.url).searchParams.has("created") };
}

export const meta = adminMeta;

export function action({ request, params, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return productEditAction(request, context, params.id);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductEditPage key={loaderData.product.id} product={loaderData.product} result={actionData} created={loaderData.created} />;
}
