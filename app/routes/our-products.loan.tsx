import type { Route } from "./+types/our-products.loan";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { TitledPage } from "#app/features/site/TitledPage.tsx";
import { initialVideoLang, videoFor } from "#app/features/loan-guide/videos.ts";
import { LoanGuide } from "#app/features/loan-guide/LoanGuide.tsx";

export function loader({ context, request }: Route.LoaderArgs) {
  return { ...pageData(context, ["guide"], "productsLoan"), videoLang: initialVideoLang(new URL(request.url), localeOf(context)) };
}

/** The video's poster is the page's largest paint, and a poster is not seen by the preload scanner: fetch it first. */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args),
  ...(args.loaderData
    ? [
        {
          tagName: "link",
          rel: "preload",
          as: "image",
          href: videoFor(args.loaderData.videoLang).poster,
          type: "image/webp",
          fetchPriority: "high",
        },
      ]
    : []),
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
