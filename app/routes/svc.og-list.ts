import type { Route } from "./+types/svc.og-list";
import { readJson, BadRequest } from "#app/lib/http.server.ts";
import { validate } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { svcAction, svcMethodNotAllowed, svcOk } from "#app/web/svc.server.ts";
import { ogListSchema, OG_LIST_BODY_LIMIT } from "#app/features/blogs/schema.ts";
import { listBlogLinks } from "#app/features/blogs/og-list.server.ts";

export const loader = svcMethodNotAllowed;

export const action = svcAction("og-list", async ({ request, context }: Route.ActionArgs) => {
  const result = validate(ogListSchema, await readJson(request, OG_LIST_BODY_LIMIT));
  if (!result.success) throw new BadRequest("invalid", result.errors);
  return svcOk(await listBlogLinks(services(context).db, result.output.page_num, result.output.page_size));
});
