import type { Route } from "./+types/media.brand";
import { services } from "#app/lib/services.server.ts";
import { brandFileResponse } from "#app/features/brand-settings/brand.server.ts";

/** GET /media/brand/:name: the business's uploaded logo, favicon or share card. */
export function loader({ params, context }: Route.LoaderArgs) {
  return brandFileResponse(services(context).db, params.name);
}
