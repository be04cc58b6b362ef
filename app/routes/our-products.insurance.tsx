import type { Route } from "./+types/our-products.insurance";
import { pageData } from "#app/web/page.server.ts";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { HeadingOnlyPage } from "#app/features/layout/HeadingOnlyPage.tsx";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, [], "productsInsurance");
}

export const meta = pageMeta;
export const headers = sharedPage();

export default function Page() {
  return <HeadingOnlyPage />;
}
