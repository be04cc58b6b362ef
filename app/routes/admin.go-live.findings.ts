import type { Route } from "./+types/admin.go-live.findings";
import { services } from "#app/lib/services.server.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { linkOrigin, serverFindings, validGoLiveAuthorization, type GoLiveAnswer } from "#app/features/go-live/remote.server.ts";

/**
 * /admin/go-live/findings → the go-live check's findings as JSON (issue 47,
 * item 6), with the origin their links are on. `npm run golive:check` POSTs
 * with its token (an HMAC under the server's APP_SECRET, no session) and the
 * server also sends a test alert, as the script promises. A GET answers an
 * administrator's session or the token the same list without the test send.
 * Otherwise 401 (no session), 403 (not an administrator).
 */
const noStore = { "Cache-Control": "private, no-store" };

const tokenOk = (request: Request, context: Route.LoaderArgs["context"]) =>
  validGoLiveAuthorization(services(context).secret, request.headers.get("authorization"));

async function answer(request: Request, context: Route.LoaderArgs["context"], testAlerts: boolean): Promise<Response> {
  const body: GoLiveAnswer = { origin: linkOrigin(context, request), findings: await serverFindings(context, { testAlerts }) };
  return Response.json(body, { headers: noStore });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!tokenOk(request, context)) requireRole(context, "admin");
  return answer(request, context, false);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!tokenOk(request, context)) {
    return Response.json({ res_status: 401, message: "not the server's APP_SECRET", errors: {} }, { status: 401, headers: noStore });
  }
  return answer(request, context, true);
}
