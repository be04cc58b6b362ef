import type { Route } from "./+types/robots";
import { services } from "#app/lib/services.server.ts";

/** /robots.txt: everything public is crawlable; the console, the API and the banner redirects (a crawler is no tap) are not. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = services(context).publicOrigin || new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /svc/",
    "Disallow: /go/",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
