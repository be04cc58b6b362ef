import type { Route } from "./+types/not-found";
import { notFoundData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { NotFound } from "#app/features/layout/NotFound.tsx";
import { sharedPage } from "#app/lib/cache.ts";

/** Any unknown path: the translated 404 page, with HTTP status 404. */
export function loader({ context }: Route.LoaderArgs) {
  return notFoundData(context);
}

/** A POST (or other write) to an unknown path is a 404 too, not a server error. */
export function action() {
  return Response.json({ res_status: 404, message: "Not Found", errors: {} }, { status: 404 });
}

export const meta = pageMeta;

/** The same for every visitor of a language: kept per path and language (in a budget of its own, server/page-cache.ts). */
export const headers = sharedPage();

export default function Page() {
  return <NotFound />;
}
