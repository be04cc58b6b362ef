import type { Route } from "./+types/sitemap";
import { services } from "#app/lib/services.server.ts";
import { sitemapXml } from "#app/web/sitemap.ts";

/** /sitemap.xml: every public page in every language, with hreflang alternates. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = services(context).publicOrigin || new URL(request.url).origin;
  return new Response(sitemapXml(origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
