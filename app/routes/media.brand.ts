import type { Route } from "./+types/media.brand";
import { services } from "#app/lib/services.server.ts";
import { imageResponse } from "#app/business/images.server.ts";

/** GET /media/brand/:name: the business's uploaded pictures (the brand's logo, tab icon and share card, the lenders' logos). */
export function loader({ params, context }: Route.LoaderArgs) {
  return imageResponse(services(context).db, params.name);
}
