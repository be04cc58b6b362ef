import type { Route } from "./+types/admin.breach";
import { requireRole } from "#app/features/console/guards.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";

export function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  return { title: consoleTitle(context, "nav.breach") };
}

export const meta = adminMeta;

export function action({ context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return null;
}

export default function Page() {
  return null;
}
