import type { Route } from "./+types/robots";
import { services } from "#app/lib/services.server.ts";

/** /robots.txt: everything public is crawlable; the console and the API are not. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = services(context).publicOrigin || new URL(request.url).origin;
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /svc/", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
