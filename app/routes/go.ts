import { href } from "react-router";
import type { Route } from "./+types/go";
import { headerValue } from "#app/lib/header-value.server.ts";
import { services } from "#app/lib/services.server.ts";
import { rateLimited } from "#app/web/svc.server.ts";
import { goToPartner } from "#app/features/banners/go.server.ts";

/**
 * GET /go/<partner key>: logs the tap and sends the browser to the partner's
 * stored page (302); an unknown, malformed or switched-off key is a 404.
 * The home page's banners link here, so a tap counts with or without
 * JavaScript (with it, the page opens the partner directly and posts the
 * spec's log instead: one count per tap either way).
 */
export async function loader(args: Route.LoaderArgs) {
  const log = (await rateLimited(args, "banner-log")) === 0;
  const link = await goToPartner(services(args.context).db, args.params.key, { log });
  if (!link)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  // A link stored with characters a header cannot carry goes out percent-encoded (or, unusable, to the home page).
  const location = headerValue("url", link, { fallback: href("/"), log: services(args.context).log });
  return new Response(null, {
    status: 302,
    headers: { Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
