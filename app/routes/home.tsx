import type { Route } from "./+types/home";
import { pageData } from "#app/lib/page.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { HomePage, HERO_IMAGE } from "#app/features/home/HomePage.tsx";
import { homeCampaigns } from "#app/features/campaigns/home.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { ...pageData(context, ["home"], "home"), campaigns: await homeCampaigns(context) };
}

/** The hero image is the page's largest paint: fetch it first (a link through meta: docs/decisions/0009). */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args),
  { tagName: "link", rel: "preload", as: "image", href: HERO_IMAGE, type: "image/svg+xml", fetchPriority: "high" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <HomePage campaigns={loaderData.campaigns} />;
}

/** The same for every visitor of a language (per-visitor parts, like the event popup, run in the browser). */
export const headers = sharedPage();
