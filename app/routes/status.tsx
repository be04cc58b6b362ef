import { data } from "react-router";
import type { Route } from "./+types/status";
import { titleWithBrand } from "#app/web/seo.ts";
import { rootBusiness } from "#app/web/meta.ts";
import { NotFound } from "#app/features/layout/NotFound.tsx";
import { FindRequestLink } from "#app/features/phone-proof/FindRequestLink.tsx";
import { StatusPage } from "#app/features/request-status/StatusPage.tsx";
import {
  countStatusMiss,
  loadStatus,
  STATUS_HEADERS,
  statusGuessingWait,
  statusNotFound,
  statusPageData,
} from "#app/features/request-status/page.server.ts";
import { tooManyRequests } from "#app/web/refusals.ts";
import { statusAction } from "#app/features/request-status/action.server.ts";

/**
 * /status/:token — a request's private status page (issue 28, ADR 0033).
 * Every answer, found or not, is `no-store`, `noindex` and `no-referrer`;
 * a token that opens nothing gets the site's 404 after the same one lookup.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const wait = await statusGuessingWait(context);
  if (wait > 0) throw tooManyRequests(wait, STATUS_HEADERS);
  const loaded = await loadStatus(context, params.token);
  if (!loaded) {
    await countStatusMiss(context);
    return statusNotFound(context);
  }
  return data(await statusPageData(context, loaded), { headers: STATUS_HEADERS });
}

export const action = statusAction;

export function headers({ actionHeaders, errorHeaders }: Route.HeadersArgs) {
  // A refusal, of the page or of a post, keeps its own Retry-After beside the page's privacy headers.
  return { ...STATUS_HEADERS, ...Object.fromEntries(actionHeaders ?? []), ...Object.fromEntries(errorHeaders ?? []) };
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
  if (!("view" in loaderData))
    return (
      <>
        <NotFound />
        <FindRequestLink centered />
      </>
    );
  return <StatusPage data={loaderData} result={actionData} />;
}
