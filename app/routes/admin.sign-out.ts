import { redirect, href } from "react-router";
import type { Route } from "./+types/admin.sign-out";
import { services } from "#app/lib/services.server.ts";
import { consoleForm } from "#app/features/console/console.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { operatorContext } from "#app/features/console/guards.server.ts";
import { clearCookie } from "#app/lib/cookies.server.ts";
import { sessionCookie } from "#app/features/console/cookies.server.ts";
import { deleteSession } from "#app/features/console/session-store.server.ts";

/** POST only: ends the session (deletes it) and clears the cookie. */
export function loader() {
  return redirect(href("/admin"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  if (context.get(operatorContext)) {
    const { who } = await consoleForm(request, context, 2 * 1024);
    await deleteSession(app.db, who.sessionId);
    await audit(app.db, who, "sign_out", null);
  }
  return redirect(href("/admin/sign-in"), { headers: { "Set-Cookie": await clearCookie(sessionCookie, app.secureCookies) } });
}
