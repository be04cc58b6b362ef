import type { Route } from "./+types/company.hitachi.complete";
import { pageData } from "#app/lib/page.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { isInquiryType } from "#app/features/counter-inquiry/types.ts";
import { CompletePage } from "#app/features/counter-inquiry/CompletePage.tsx";

export function loader({ context, request }: Route.LoaderArgs) {
  const type = new URL(request.url).searchParams.get("type");
  return { ...pageData(context, ["counter"], "companyHitachiComplete"), type: isInquiryType(type) ? type : undefined };
}

export const meta = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CompletePage queryType={loaderData.type} />;
}

/**
 * The same for every visitor of a language and `?type=` (the page cache keys on both, ADR 0008);
 * a type passed in navigation state is read in the browser once hydrated.
 */
export const headers = sharedPage();
