import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Alerts } from "#app/features/alerts/alerts.server.ts";
import type { Finding } from "#app/features/go-live/finding.ts";
import { publicFindings, type RenderPage } from "#app/features/go-live/scan.server.ts";

/**
 * What the go-live check reads beyond the settings (issue 47, item 6), when
 * the caller can give it: the running server's renderer (the public pages as
 * a visitor gets them) and its alerts (a test message through every
 * configured channel). Scripts and tests that call the check without them
 * get the settings' findings only.
 */
export interface GoLiveExtras {
  render?: RenderPage | null;
  /** Sends a test alert now: the console's "send a test now" and every `npm run golive:check`. */
  testAlerts?: Pick<Alerts, "testChannels"> | null;
}

/** Where alerts are set up and tried: README "Alerts" (SMTP_URL, ALERT_EMAIL_TO, ALERT_WEBHOOK_URL, devices). */
export const ALERTS_GUIDE = "README.md#alerts";

/**
 * The test send: each channel that failed, by channel and recipient, with its
 * reason (an SMTP code, never a password); and no e-mail recipient at all is
 * a finding too, since nobody would hear of a new request by e-mail.
 */
export async function alertFindings(alerts: Pick<Alerts, "testChannels">): Promise<Finding[]> {
  const results = await alerts.testChannels();
  const findings: Finding[] = results
    .filter((r) => !r.result.ok)
    .map((r) => ({
      area: "alerts",
      what: "golive.alertFailed",
      detail: `${r.channel} → ${r.recipient}: ${r.result.ok ? "" : r.result.reason}`,
      fix: ALERTS_GUIDE,
    }));
  if (!results.some((r) => r.channel === "email")) findings.push({ area: "alerts", what: "golive.alertNoEmail", fix: ALERTS_GUIDE });
  return findings;
}

export async function goLiveExtras(db: Kysely<Database>, extras: GoLiveExtras, now: Date): Promise<Finding[]> {
  return [
    ...(extras.render ? await publicFindings(db, extras.render, now) : []),
    ...(extras.testAlerts ? await alertFindings(extras.testAlerts) : []),
  ];
}
