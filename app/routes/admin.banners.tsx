import type { Route } from "./+types/admin.banners";
import { services } from "~/lib/services.server";
import { consoleTitle } from "~/features/admin/console.server";
import { bannerStats, statsRange } from "~/features/admin/banner-stats.server";
import { isIsoDay, seoulDay } from "~/features/admin/time";
import { adminMeta } from "~/features/admin/meta";
import { BannerStatsPage } from "~/features/admin/BannerStatsPage";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const from = params.get("from");
  const to = params.get("to");
  const now = new Date();
  const range = statsRange(isIsoDay(from) ? from : undefined, isIsoDay(to) ? to : undefined, now);
  return { title: consoleTitle(context, "banners.title"), stats: await bannerStats(services(context).db, range), today: seoulDay(now) };
}

export const meta = adminMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BannerStatsPage stats={loaderData.stats} today={loaderData.today} />;
}
