import type { Route } from "./+types/admin.inbox";
import { services } from "#app/lib/services.server.ts";
import { recordView } from "#app/features/access/access.server.ts";
import { reviewOverdue } from "#app/features/access/review.server.ts";
import { ReviewOverdueWarning } from "#app/features/access/AccessReviewPage.tsx";
import { consoleTitle } from "#app/features/console/console.server.ts";
import { listInbox, newCounts, readInboxFilter } from "#app/features/pipeline/inbox.server.ts";
import { seoulDay } from "#app/lib/seoul-time.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { InboxPage } from "#app/features/pipeline/InboxPage.tsx";
import { FailingAlerts } from "#app/features/alerts/FailingAlerts.tsx";
import { OverdueWarning } from "#app/features/privacy-rights/OverdueWarning.tsx";
import { failingChannels } from "#app/features/alerts/status.server.ts";
import { overdueCount } from "#app/features/privacy-rights/deadlines.server.ts";
import { sourcesOf } from "#app/features/attribution/console.server.ts";
import { listProducts } from "#app/features/products/products.server.ts";
import { findPopup, listBanners } from "#app/features/campaigns/campaigns.server.ts";
import { ExpiryWarning, type ExpiringAd } from "#app/features/console/ad-approval.tsx";

/** Loan ads whose approval runs out within 14 days (issue 35): they leave the site on their own then. */
async function expiringAds(db: ReturnType<typeof services>["db"]): Promise<ExpiringAd[]> {
  const [products, banners, popup] = await Promise.all([listProducts(db), listBanners(db), findPopup(db)]);
  return [
    ...products.map((p) => ({ name: p.name, expiring: p.expiring })),
    ...banners.map((b) => ({ name: b.texts.en.title, expiring: b.expiring })),
    ...(popup ? [{ name: popup.alts.en, expiring: popup.expiring }] : []),
  ].filter((ad) => ad.expiring.length);
}

/** The filter beside the record (never the search term: that is kept masked apart). */
function inboxDetail(filter: ReturnType<typeof readInboxFilter>): string {
  return [
    filter.kind,
    filter.status,
    filter.from && `from ${filter.from}`,
    filter.to && `to ${filter.to}`,
    filter.page > 1 && `page ${filter.page}`,
  ]
    .filter(Boolean)
    .join(" ");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const filter = readInboxFilter(new URL(request.url).searchParams);
  const [list, counts, failing, overdue] = await Promise.all([listInbox(db, filter), newCounts(db), failingChannels(db), overdueCount(db)]);
  const sources = await sourcesOf(db, list.rows);
  // A list of requests is a view of personal data (issue 52): its rows, and the search term masked.
  await recordView(context, { kind: filter.q ? "search" : "inbox", records: list.rows, term: filter.q, detail: inboxDetail(filter) });
  const expiring = await expiringAds(db);
  return {
    title: consoleTitle(context, "inbox.title"),
    filter,
    ...list,
    newCounts: counts,
    failing,
    overdue,
    sources,
    expiring,
    reviewOverdue: await reviewOverdue(db),
    today: seoulDay(new Date()),
  };
}

export const meta = adminMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  // The inbox is where operators start: other features' warnings meet it here.
  const warnings = (
    <>
      <FailingAlerts failing={loaderData.failing} />
      <OverdueWarning count={loaderData.overdue} />
      <ExpiryWarning ads={loaderData.expiring} />
      <ReviewOverdueWarning overdue={loaderData.reviewOverdue} />
    </>
  );
  return <InboxPage data={loaderData} warnings={warnings} />;
}
