import type { Route } from "./+types/our-products.mobile";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { HeadingOnlyPage } from "~/features/layout/HeadingOnlyPage";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, [], "productsMobile");
}

export const meta = pageMeta;
export const headers = sharedPage();

export default function Page() {
  return <HeadingOnlyPage />;
}
