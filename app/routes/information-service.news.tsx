import type { Route } from "./+types/information-service.news";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { TitledPage } from "#app/features/site/TitledPage.tsx";
import { NewsPage } from "#app/features/info/ServicePages.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, ["info"], "infoNews");
}

export const meta = pageMeta;
/** The same for every visitor of a language. */
export const headers = sharedPage();

export default function Page() {
  return (
    <TitledPage>
      <NewsPage />
    </TitledPage>
  );
}
