import { data, href } from "react-router";
import { withStatusLinkStrings } from "#app/requests/status-answer.server.ts";
import type { Route } from "./+types/company.hitachi.complete";
import { notFoundData, pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { services } from "#app/lib/services.server.ts";
import { clearFlash, hasFlash, readFlash } from "#app/lib/flash.server.ts";
import { isInquiryType } from "#app/features/counter-inquiry/types.ts";
import { CompletePage } from "#app/features/counter-inquiry/CompletePage.tsx";
import { counterOn } from "#app/features/counter-inquiry/module.server.ts";
import { NotFound } from "#app/features/layout/NotFound.tsx";

/**
 * After a post without JavaScript, the request's status link arrives once, in a signed flash cookie (issue 28).
 * The site's not-found page (404) while the business has the cash counter switched off (issue 47).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!(await counterOn(context))) return notFoundData(context);
  const type = new URL(request.url).searchParams.get("type");
  const { secret, secureCookies } = services(context);
  const flash = await readFlash(request, secret);
  const headers = new Headers();
  if (hasFlash(request)) headers.append("Set-Cookie", await clearFlash(secret, secureCookies, href("/company/hitachi/complete")));
  return data(
    {
      ...withStatusLinkStrings(context, pageData(context, ["counter"], "companyHitachiComplete")),
      type: isInquiryType(type) ? type : undefined,
      statusPath: flash?.statusPath ?? null,
    },
    { headers },
  );
}

export const meta = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <NotFound />;
  return <CompletePage queryType={loaderData.type} statusPath={loaderData.statusPath} />;
}

/**
 * The same for every visitor of a language and `?type=` (the page cache keys on both, ADR 0008);
 * a type passed in navigation state is read in the browser once hydrated. The answer that reads
 * and clears the flash shows this visitor's status link: never kept.
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has("Set-Cookie") ? { "Cache-Control": "no-store" } : sharedPage()();
}
