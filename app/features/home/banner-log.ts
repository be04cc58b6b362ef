import { href } from "react-router";
import { rememberBannerTap } from "#app/features/attribution/session.ts";

export const BANNER_LOG_PATH = href("/svc/banner/redirect/logs/create");

/**
 * Records a banner tap (spec §7): fire and forget. The answer is not read;
 * a failure is only reported on the console (spec §8), the visitor's tab
 * opens regardless. `keepalive` lets the request finish when the browser
 * puts this page in the background for the partner's tab.
 */
export async function logBannerRedirect(banner: { partnerName: string; url: string }, send: typeof fetch = fetch): Promise<boolean> {
  // The tab remembers the tap (issue 28): a request sent later in this tab says which banner came before.
  rememberBannerTap(banner.partnerName);
  try {
    const response = await send(BANNER_LOG_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ partner_name: banner.partnerName, redirect_url: banner.url }),
      keepalive: true,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return true;
  } catch (error) {
    console.error(`Recording the banner redirect failed (${banner.partnerName}):`, error);
    return false;
  }
}
