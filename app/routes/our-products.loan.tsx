import type { Route } from "./+types/our-products.loan";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { localeOf } from "~/i18n/route.server";
import { TitledPage } from "~/features/info/TitledPage";
import { initialVideoLang, videoFor } from "~/features/loan-guide/videos";
import { LoanGuide } from "~/features/loan-guide/LoanGuide";

export function loader({ context, request }: Route.LoaderArgs) {
  return { ...pageData(context, ["guide"], "productsLoan"), videoLang: initialVideoLang(new URL(request.url), localeOf(context)) };
}

/** The video's poster is the page's largest paint, and a poster is not seen by the preload scanner: fetch it first. */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args),
  ...(args.loaderData ? [{ tagName: "link", rel: "preload", as: "image", href: videoFor(args.loaderData.videoLang).poster, type: "image/webp", fetchPriority: "high" }] : []),
];
/** The same for every visitor of a language. */
export const headers = sharedPage();

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <TitledPage>
      <LoanGuide key={loaderData.videoLang} initialLang={loaderData.videoLang} />
    </TitledPage>
  );
}
