import type { Route } from "./+types/sitemap";
import { services } from "#app/lib/services.server.ts";
import { sitemapPaths, sitemapXml } from "#app/web/sitemap.ts";
import { businessModulesOrLast } from "#app/business/modules.server.ts";

/** /sitemap.xml: every public page in every language, with hreflang alternates; none of a line of business switched off. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, publicOrigin } = services(context);
  const origin = publicOrigin || new URL(request.url).origin;
  return new Response(sitemapXml(origin, sitemapPaths(await businessModulesOrLast(db))), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
