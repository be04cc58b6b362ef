/**
 * Writes the access records of every whole day not exported yet (up to
 * yesterday, Seoul) into ACCESS_EXPORT_DIR, one read-only file a day, never
 * rewritten (issue 52, ADR 0053): `npm run access:export`. The daily timer
 * (deploy/loan-guide-access-export.timer) runs it; the directory belongs to
 * another system account than the database's.
 */
import { connect, migrate } from "#db/connect.ts";
import { scriptSettings } from "#server/config.ts";
import { exportAccessDays, recordAccessExport } from "#app/features/access/export.server.ts";

const dir = process.env.ACCESS_EXPORT_DIR || "./access-records";
const settings = scriptSettings("access:export");
const database = connect(settings.DATABASE_URL, { poolMax: settings.DATABASE_POOL_MAX });
try {
  await migrate(database.db);
  const written = await exportAccessDays(database.db, dir);
  for (const { day, count } of written) console.log(`access:export: ${day} ${count} records`);
  if (!written.length) console.log("access:export: nothing new to export");
  // The go-live check reads it: a daily export that stopped is a finding.
  await recordAccessExport(database.db, new Date());
} catch (error) {
  console.error(`access:export: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
