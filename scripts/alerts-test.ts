/**
 * Sends a test alert through every configured channel now and says, per
 * channel and recipient, whether it worked and why not:
 *
 *   npm run alerts:test [-- --text 01012345678]
 *
 * Reads the same environment as the server (ALERT_*, SMTP_URL, VAPID_*,
 * SOLAPI_* and TEXT_SENDER_NUMBER, DATABASE_URL for the operators' devices).
 * With the text channel on, a test SMS goes to `--text <mobile>` (else to the
 * sender number). Exits 1 when a channel failed or none is configured.
 */
import { connect, migrate } from "#db/connect.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { alertConfigOf, appSecretOf, scriptSettings, textConfigOf } from "#server/config.ts";
import { createSending } from "#server/outbox.ts";

const settings = scriptSettings("alerts:test");
const config = alertConfigOf(settings);
const database = connect(settings.DATABASE_URL, { poolMax: settings.DATABASE_POOL_MAX });
try {
  await migrate(database.db);
  const flag = process.argv.indexOf("--text");
  const textTestTo = flag > 0 ? process.argv[flag + 1] : undefined;
  const text = textConfigOf(settings);
  const alerts = createSending(database.db, config, silentLogger, { secret: appSecretOf(settings), text, textTestTo });
  const results = await alerts.testChannels();
  await alerts.stop();
  if (!config.webhook) console.log("webhook  not configured (ALERT_WEBHOOK_URL)");
  if (!config.email) console.log("email    not configured (SMTP_URL and ALERT_EMAIL_TO)");
  if (!results.some((r) => r.channel === "push")) console.log("push     no device has turned alerts on (console → Alerts)");
  if (!text) console.log("text     not configured (SOLAPI_API_KEY, SOLAPI_API_SECRET, TEXT_SENDER_NUMBER)");
  for (const { channel, recipient, result } of results) {
    console.log(`${channel.padEnd(8)} ${recipient}: ${result.ok ? "ok" : `FAILED — ${result.reason}`}`);
  }
  if (!results.length) console.log("alerts:test: no channel is configured; see README, “Alerts”");
  process.exitCode = results.length && results.every((r) => r.result.ok) ? 0 : 1;
} finally {
  await database.close();
}
