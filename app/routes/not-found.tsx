import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { NotFound } from "~/features/layout/NotFound";

/** Any unknown path: the translated 404 page, with HTTP status 404. */
export function loader({ context }: Route.LoaderArgs) {
  return data(pageData(context, [], "notFound"), { status: 404 });
}

/** A POST (or other write) to an unknown path is a 404 too, not a server error. */
export function action() {
  return Response.json({ res_status: 404, message: "Not Found", errors: {} }, { status: 404 });
}

export const meta = pageMeta;

export default function Page() {
  return <NotFound />;
}
