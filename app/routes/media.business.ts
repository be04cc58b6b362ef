import type { Route } from "./+types/media.business";
import { services } from "#app/lib/services.server.ts";
import { businessFileResponse } from "#app/features/business-settings/business.server.ts";

/** GET /media/business/:name: the business's uploaded registration certificate. */
export function loader({ params, context }: Route.LoaderArgs) {
  return businessFileResponse(services(context).db, params.name);
}
