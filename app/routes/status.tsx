import { data } from "react-router";
import type { Route } from "./+types/status";
import { titleWithBrand } from "#app/web/seo.ts";
import { rootBusiness } from "#app/web/meta.ts";
import { NotFound } from "#app/features/layout/NotFound.tsx";
import { StatusPage } from "#app/features/request-status/StatusPage.tsx";
import { loadStatus, STATUS_HEADERS, statusNotFound, statusPageData, statusRateLimited } from "#app/features/request-status/page.server.ts";
import { statusAction } from "#app/features/request-status/action.server.ts";

/**
 * /status/:token — a request's private status page (issue 28, ADR 0033).
 * Every answer, found or not, is `no-store`, `noindex` and `no-referrer`;
 * a token that opens nothing gets the site's 404 after the same one lookup.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const wait = await statusRateLimited(context);
  if (wait > 0) throw data(null, { status: 429, headers: { ...STATUS_HEADERS, "Retry-After": String(wait) } });
  const loaded = await loadStatus(context, params.token);
  if (!loaded) return statusNotFound(context);
  return data(await statusPageData(context, loaded), { headers: STATUS_HEADERS });
}

export const action = statusAction;

export function headers() {
  return STATUS_HEADERS;
}

/** No canonical, no alternates, no Open Graph: the URL is private. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData && "title" in loaderData ? loaderData.title : "";
  const description = loaderData && "summary" in loaderData ? loaderData.summary : "";
  return [
    { title: titleWithBrand(title, rootBusiness(matches)) },
    ...(description ? [{ name: "description", content: description }] : []),
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  if (!("view" in loaderData)) return <NotFound />;
  return <StatusPage data={loaderData} result={actionData} />;
}
