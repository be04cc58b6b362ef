import type { Route } from "./+types/admin.banners";
import { services } from "#app/lib/services.server.ts";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { bannerStats, statsRange } from "#app/features/campaigns/banner-stats.server.ts";
import { isIsoDay, seoulDay } from "#app/lib/seoul-time.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { BannerStatsPage } from "#app/features/campaigns/BannerStatsPage.tsx";
import { sourceFunnel } from "#app/features/attribution/funnel.server.ts";
import { SourceFunnelTable } from "#app/features/attribution/SourceFunnelTable.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const from = params.get("from");
  const to = params.get("to");
  const now = new Date();
  const range = statsRange(isIsoDay(from) ? from : undefined, isIsoDay(to) ? to : undefined, now);
  const { db } = services(context);
  const stats = await bannerStats(db, range);
  // Which banners and sources bring loan requests, for the same period (issue 28).
  const funnel = await sourceFunnel(db, range, stats.partners);
  return { title: consoleTitle(context, "banners.title"), stats, funnel, today: seoulDay(now) };
}

export const meta = adminMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <BannerStatsPage stats={loaderData.stats} today={loaderData.today} />
      <SourceFunnelTable funnel={loaderData.funnel} />
    </>
  );
}
