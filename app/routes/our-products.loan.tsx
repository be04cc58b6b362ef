import type { Route } from "./+types/our-products.loan";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { HeadingOnlyPage } from "~/features/layout/HeadingOnlyPage";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, [], "productsLoan");
}

export const meta = pageMeta;

export default function Page() {
  return <HeadingOnlyPage />;
}
