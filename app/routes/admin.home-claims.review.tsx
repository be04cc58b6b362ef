import { data } from "react-router";
import type { Route } from "./+types/admin.home-claims.review";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { findReview } from "#app/features/home-claims/home-claims.server.ts";
import { reviewAction } from "#app/features/home-claims/actions.server.ts";
import { ReviewEditPage } from "#app/features/home-claims/ReviewEditPage.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const title = consoleTitle(context, "claims.title");
  if (params.id === "new") return { title, review: null };
  const id = positiveId(params.id);
  const review = id ? await findReview(services(context).db, id) : null;
  if (!review) throw data(null, { status: 404 });
  return { title, review };
}

export const meta = adminMeta;

export function action({ request, params, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return reviewAction(request, context, params.id);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewEditPage key={loaderData.review?.id ?? "new"} review={loaderData.review} result={actionData} />;
}
