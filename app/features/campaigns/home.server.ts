import type { RouterContextProvider } from "react-router";
import { services } from "#app/lib/services.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { plainValue } from "#app/lib/cookies.server.ts";
import { sessionCookie } from "#app/features/console/cookies.server.ts";
import { findSession } from "#app/features/console/session-store.server.ts";
import { publicCampaigns } from "#app/features/campaigns/campaigns.server.ts";
import { PREVIEW_PARAM, type PublicCampaigns } from "#app/features/campaigns/model.ts";

/**
 * The campaigns of the home page's loader, in the request's language.
 * `?campaignPreview=1` from a signed-in operator adds the drafts (and the
 * page is then never kept, see routes/home.tsx); from anyone else the
 * parameter changes nothing (the page cache answers it from the public page).
 */
export async function homeCampaigns(
  request: Request,
  context: Readonly<RouterContextProvider>,
  now = new Date(),
): Promise<PublicCampaigns & { preview: boolean }> {
  const app = services(context);
  let preview = false;
  if (new URL(request.url).searchParams.get(PREVIEW_PARAM) === "1") {
    const token = plainValue(sessionCookie, request.headers.get("cookie"));
    preview = !!(await findSession(app.db, app.secret, token, now));
  }
  return { ...(await publicCampaigns(app.db, localeOf(context), now, preview)), preview };
}
