import type { Route } from "./+types/media.campaigns";
import { services } from "#app/lib/services.server.ts";
import { campaignImageResponse } from "#app/features/campaigns/images.server.ts";

export function loader({ params, context }: Route.LoaderArgs) {
  return campaignImageResponse(services(context).db, params.name);
}
