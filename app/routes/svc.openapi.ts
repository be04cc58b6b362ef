import { openApiDocument } from "#app/features/openapi/document.server.ts";

/** GET /svc/openapi.json: the `/svc` contract (OpenAPI 3.1), generated from the endpoints' own schemas. */
export function loader() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=3600" } });
}
