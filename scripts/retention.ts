/**
 * Deletes what is past its retention period (spec §9) once, now, and logs
 * the counts: `npm run retention`. The server also does this daily.
 * Uses DATABASE_URL like the server.
 */
import { connect, migrate } from "#db/connect.ts";
import { scriptSettings } from "#server/config.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { runRetentionLogged } from "#app/features/retention/retention.server.ts";

const log = createLogger({ level: "info" });
const settings = scriptSettings("retention");
const database = connect(settings.DATABASE_URL, { poolMax: settings.DATABASE_POOL_MAX });
try {
  await migrate(database.db);
  const counts = await runRetentionLogged(database.db, log, new Date(), undefined, "cli");
  process.exitCode = counts ? 0 : 1;
} finally {
  await database.close();
}
