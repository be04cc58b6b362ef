import type { Route } from "./+types/information-service.currency-exchange";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { HeadingOnlyPage } from "~/features/layout/HeadingOnlyPage";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, [], "infoExchange");
}

export const meta = pageMeta;

export default function Page() {
  return <HeadingOnlyPage />;
}
