import type { Route } from "./+types/company.hitachi.complete";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { isInquiryType } from "~/features/counter-inquiry/types";
import { CompletePage } from "~/features/counter-inquiry/CompletePage";

export function loader({ context, request }: Route.LoaderArgs) {
  const type = new URL(request.url).searchParams.get("type");
  return { ...pageData(context, ["counter"], "companyHitachiComplete"), type: isInquiryType(type) ? type : undefined };
}

export const meta = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CompletePage queryType={loaderData.type} />;
}

/** The same for every visitor of a language (per-visitor parts, like the event popup, run in the browser). */
export const headers = sharedPage();
