import type { Route } from "./+types/information-service.currency-exchange";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { TitledPage } from "~/features/info/TitledPage";
import { ExchangePage } from "~/features/info/ExchangePage";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, ["info"], "infoExchange");
}

export const meta = pageMeta;

export default function Page() {
  return (
    <TitledPage page="infoExchange">
      <ExchangePage />
    </TitledPage>
  );
}
