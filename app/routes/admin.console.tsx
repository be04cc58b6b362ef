import { Outlet } from "react-router";
import type { Route } from "./+types/admin.console";
import { requireOperatorPage } from "#app/features/console/guards.server.ts";

/** Every console page below needs a session; without one, the sign-in page. */
export const middleware: Route.MiddlewareFunction[] = [requireOperatorPage];

export default function Console() {
  return <Outlet />;
}
