import type { Route } from "./+types/admin.manifest";
import { services } from "#app/lib/services.server.ts";
import { businessIdentity } from "#app/business/identity.server.ts";

/** GET /admin/manifest.webmanifest: the console as an installable app (Home Screen, standalone). */
export async function loader({ context }: Route.LoaderArgs) {
  const business = await businessIdentity(services(context).db);
  const manifest = {
    name: `${business.tradeNameKo} 운영 콘솔`,
    short_name: "콘솔",
    lang: "ko",
    start_url: "/admin",
    scope: "/admin",
    display: "standalone",
    background_color: "#e9edf5",
    theme_color: "#1a3a8f",
    icons: [
      { src: "/images/console/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/images/console/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/images/console/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}
