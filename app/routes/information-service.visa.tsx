import type { Route } from "./+types/information-service.visa";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { TitledPage } from "~/features/info/TitledPage";
import { VisaPage } from "~/features/info/ServicePages";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, ["info"], "infoVisa");
}

export const meta = pageMeta;
/** The same for every visitor of a language. */
export const headers = sharedPage();

export default function Page() {
  return (
    <TitledPage>
      <VisaPage />
    </TitledPage>
  );
}
