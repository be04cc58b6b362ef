import type { RouterContextProvider } from "react-router";
import { services } from "#app/lib/services.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import { publicCampaigns } from "#app/features/campaigns/campaigns.server.ts";
import type { PublicCampaigns } from "#app/features/campaigns/model.ts";

/** The campaigns of the home page's loader, in the request's language. */
export function homeCampaigns(context: Readonly<RouterContextProvider>, now = new Date()): Promise<PublicCampaigns> {
  return publicCampaigns(services(context).db, localeOf(context), now);
}
