import type { Route } from "./+types/svc.og-list";
import { readJson, BadRequest } from "~/lib/http.server";
import { validate } from "~/lib/schema";
import { services } from "~/lib/services.server";
import { svcAction, svcMethodNotAllowed, svcOk } from "~/lib/svc.server";
import { ogListSchema } from "~/features/blogs/schema";
import { listBlogLinks } from "~/features/blogs/og-list.server";

export const loader = svcMethodNotAllowed;

export const action = svcAction("og-list", async ({ request, context }: Route.ActionArgs) => {
  const result = validate(ogListSchema, await readJson(request, 2 * 1024));
  if (!result.success) throw new BadRequest("invalid", result.errors);
  return svcOk(await listBlogLinks(services(context).db, result.output.page_num, result.output.page_size));
});
