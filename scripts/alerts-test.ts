/**
 * Sends a test alert through every configured channel now and says, per
 * channel and recipient, whether it worked and why not:
 *
 *   npm run alerts:test
 *
 * Reads the same environment as the server (ALERT_*, SMTP_URL, VAPID_*,
 * DATABASE_URL for the operators' devices). Exits 1 when a channel failed or
 * none is configured.
 */
import { connect, migrate } from "#db/connect.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { createAlerts } from "#app/features/alerts/alerts.server.ts";
import { alertConfigOf, scriptSettings } from "#server/config.ts";

const settings = scriptSettings("alerts:test");
const config = alertConfigOf(settings);
const database = connect(settings.DATABASE_URL, { poolMax: settings.DATABASE_POOL_MAX });
try {
  await migrate(database.db);
  const alerts = createAlerts(database.db, config, silentLogger);
  const results = await alerts.testChannels();
  await alerts.stop();
  if (!config.webhook) console.log("webhook  not configured (ALERT_WEBHOOK_URL)");
  if (!config.email) console.log("email    not configured (SMTP_URL and ALERT_EMAIL_TO)");
  if (!results.some((r) => r.channel === "push")) console.log("push     no device has turned alerts on (console → Alerts)");
  for (const { channel, recipient, result } of results) {
    console.log(`${channel.padEnd(8)} ${recipient}: ${result.ok ? "ok" : `FAILED — ${result.reason}`}`);
  }
  if (!results.length) console.log("alerts:test: no channel is configured; see README, “Alerts”");
  process.exitCode = results.length && results.every((r) => r.result.ok) ? 0 : 1;
} finally {
  await database.close();
}
