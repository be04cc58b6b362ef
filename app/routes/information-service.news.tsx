import type { Route } from "./+types/information-service.news";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { TitledPage } from "~/features/info/TitledPage";
import { NewsPage } from "~/features/info/ServicePages";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, ["info"], "infoNews");
}

export const meta = pageMeta;

export default function Page() {
  return (
    <TitledPage page="infoNews">
      <NewsPage />
    </TitledPage>
  );
}
