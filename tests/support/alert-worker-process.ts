/**
 * One server instance's alert worker, as its own process (tests only):
 *
 *   DATABASE_URL=… ALERT_WEBHOOK_URL=… node tests/support/alert-worker-process.ts
 *
 * Connects, says "ready", starts claiming when it reads a line on stdin (so
 * that several processes start at the same moment), delivers until no row
 * is pending, then exits.
 */
import { connect } from "#db/connect.ts";
import { silentLogger } from "#app/lib/logger.server.ts";
import { createAlerts } from "#app/features/alerts/alerts.server.ts";

const database = connect(process.env.DATABASE_URL);
const alerts = createAlerts(
  database.db,
  {
    origin: "https://console.example.com",
    lang: "en",
    webhook: { url: process.env.ALERT_WEBHOOK_URL!, secret: "" },
    email: null,
    vapid: { publicKey: "", privateKey: "", subject: "mailto:alerts@example.com" },
    pushAllowHosts: [],
  },
  silentLogger,
);
await database.db.selectFrom("alert_deliveries").select("id").limit(1).execute();
process.stdout.write("ready\n");
await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));
const worker = alerts.startWorker({ pollMs: 10, batch: 5 });
for (;;) {
  await worker.drain();
  const pending = await database.db.selectFrom("alert_deliveries").select("id").where("status", "=", "pending").limit(1).execute();
  if (!pending.length) break;
  await new Promise((resolve) => setTimeout(resolve, 10));
}
await alerts.stop();
await database.close();
process.stdout.write("done\n");
