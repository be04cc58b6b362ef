import type { Route } from "./+types/admin.home-claims";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { adminClaims } from "#app/features/home-claims/home-claims.server.ts";
import { claimsAction } from "#app/features/home-claims/actions.server.ts";
import { ClaimsPage } from "#app/features/home-claims/ClaimsPage.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const saved = new URL(request.url).searchParams.get("saved") === "review";
  return { title: consoleTitle(context, "claims.title"), claims: await adminClaims(services(context).db), saved };
}

export const meta = adminMeta;

export function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return claimsAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <ClaimsPage claims={loaderData.claims} result={actionData ?? (loaderData.saved ? { ok: "saved" } : undefined)} />;
}
