import type { Route } from "./+types/admin.go-live";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { goLiveFindings } from "#app/features/go-live/checks.server.ts";
import { GoLivePage } from "#app/features/go-live/GoLivePage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const { db, deployment } = services(context);
  return { title: consoleTitle(context, "golive.title"), findings: await goLiveFindings(db, deployment) };
}

export const meta = adminMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <GoLivePage findings={loaderData.findings} />;
}
