import type { Route } from "./+types/admin.inbox";
import { services } from "#app/lib/services.server.ts";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const filter = readInboxFilter(new URL(request.url).searchParams);
  const [list, counts, failing, overdue] = await Promise.all([listInbox(db, filter), newCounts(db), failingChannels(db), overdueCount(db)]);
  const sources = await sourcesOf(db, list.rows);
  return {
    title: consoleTitle(context, "inbox.title"),
    filter,
    ...list,
    newCounts: counts,
    failing,
    overdue,
    sources,
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
    </>
  );
  return <InboxPage data={loaderData} warnings={warnings} />;
}
