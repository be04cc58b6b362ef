import type { Route } from "./+types/home";
import { pageData } from "~/lib/page.server";
import { pageMeta } from "~/lib/meta";
import { sharedPage } from "~/lib/cache";
import { HomePage, HERO_IMAGE } from "~/features/home/HomePage";

export function loader({ context }: Route.LoaderArgs) {
  return pageData(context, ["home"], "home");
}

/** The hero image is the page's largest paint: fetch it first (a link through meta: docs/decisions/0009). */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args),
  { tagName: "link", rel: "preload", as: "image", href: HERO_IMAGE, type: "image/svg+xml", fetchPriority: "high" },
];

export default function Page() {
  return <HomePage />;
}

/** The same for every visitor of a language (per-visitor parts, like the event popup, run in the browser). */
export const headers = sharedPage();
