import type { Route } from "./+types/information-service.visa";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { TitledPage } from "~/features/info/TitledPage";
import { VisaPage } from "~/features/info/ServicePages";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, ["info"], "infoVisa");
}

export const meta = pageMeta;

export default function Page() {
  return (
    <TitledPage page="infoVisa">
      <VisaPage />
    </TitledPage>
  );
}
