import type { Route } from "./+types/admin.inbox";
import { services } from "~/lib/services.server";
import { consoleTitle } from "~/features/admin/console.server";
import { listInbox, newCounts, readInboxFilter } from "~/features/admin/inbox.server";
import { seoulDay } from "~/features/admin/time";
import { adminMeta } from "~/features/admin/meta";
import { InboxPage } from "~/features/admin/InboxPage";
import { failingChannels } from "~/features/alerts/status.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const filter = readInboxFilter(new URL(request.url).searchParams);
  const [list, counts, failing] = await Promise.all([listInbox(db, filter), newCounts(db), failingChannels(db)]);
  return { title: consoleTitle(context, "inbox.title"), filter, ...list, newCounts: counts, failing, today: seoulDay(new Date()) };
}

export const meta = adminMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <InboxPage data={loaderData} />;
}
