import type { Route } from "./+types/svc.openapi";
import { services } from "#app/lib/services.server.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { businessBrand } from "#app/business/brand.server.ts";
import { apiTitleOf } from "#app/business/brand.ts";
import { openApiDocument } from "#app/features/openapi/document.server.ts";

/** GET /svc/openapi.json: the `/svc` contract (OpenAPI 3.1), generated from the endpoints' own schemas, titled by the brand. */
export async function loader({ context }: Route.LoaderArgs) {
  const db = services(context).db;
  const title = apiTitleOf(await businessBrand(db), await businessIdentity(db));
  return Response.json(openApiDocument(title), { headers: { "Cache-Control": "public, max-age=300" } });
}
