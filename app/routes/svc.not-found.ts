import { svcError } from "#app/web/svc.server.ts";
import { tFor } from "#app/i18n/route.server.ts";
import type { Route } from "./+types/svc.not-found";

/** Any other /svc/* path, any method: a JSON 404 in the envelope. */
export function loader({ context }: Route.LoaderArgs) {
  return svcError(404, tFor(context)("api.not_found"));
}
export function action({ context }: Route.ActionArgs) {
  return svcError(404, tFor(context)("api.not_found"));
}
